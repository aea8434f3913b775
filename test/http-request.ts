import http from "node:http";

/** A whole answer: status, headers and body text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface HttpRequestOptions {
  /** The connection pool: how many sockets, kept alive or not, is the test's decision. */
  agent: http.Agent;
  /** JSON body: the request is a POST with it, else a GET. */
  json?: unknown;
  headers?: Record<string, string>;
  /** The request is destroyed, and the promise rejects, when no whole answer came by then. */
  timeoutMs?: number;
  /** Sees the request before it is sent (a test counting connections listens for its socket). */
  onRequest?(request: http.ClientRequest): void;
}

/**
 * One request over real HTTP for the tests that load a server process (test/route-server.ts):
 * resolves with the whole answer, rejects when the connection fails or the answer is cut off,
 * so a test can tell "answered" from "lost".
 */
export function httpRequest(url: string, { agent, json, headers = {}, timeoutMs, onRequest }: HttpRequestOptions): Promise<HttpAnswer> {
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const bodyHeaders =
    payload === undefined ? {} : { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) };
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: payload === undefined ? "GET" : "POST", agent, headers: { ...bodyHeaders, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("aborted", () => reject(new Error("answer cut off")));
        response.on("end", () => {
          if (!response.complete) return reject(new Error("answer cut off"));
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8") });
        });
      },
    );
    onRequest?.(request);
    if (timeoutMs !== undefined) request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(payload);
  });
}
