import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { CompressedBodies, createPageCompression } from "./page-compression.mjs";

const PAGE = `<!DOCTYPE html><html><body>${"<p>A class for curious minds.</p>".repeat(300)}</body></html>`;

/**
 * The compression in a real server, in front of a handler that answers as Next does: a cached page
 * in one end() of a string with x-nextjs-cache, and the other kinds of answer for contrast.
 */
async function serve(bodies: CompressedBodies) {
  let page = PAGE;
  const compress = createPageCompression({ bodies });
  const server = http.createServer((req, res) => {
    compress(req, res, () => {
      const url = new URL(req.url!, "http://localhost");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      if (url.pathname === "/cached" || url.pathname === "/no-transform") {
        res.setHeader("x-nextjs-cache", "HIT");
        if (url.pathname === "/no-transform") res.setHeader("Cache-Control", "public, no-transform");
        res.setHeader("Content-Length", Buffer.byteLength(page));
        res.end(req.method === "HEAD" ? null : page);
      } else if (url.pathname === "/streamed") {
        // A dynamic page: written in parts.
        res.write(page.slice(0, 5000));
        res.end(page.slice(5000));
      } else if (url.pathname === "/rendered") {
        // One end() but not from Next's cache (no x-nextjs-cache): the middleware's.
        res.end(page);
      } else {
        res.statusCode = 404;
        res.end("none");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
    revalidate: (next: string) => (page = next),
  };
}

/** Raw request (fetch would decode the body and hide Content-Encoding). */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (r: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  (r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body)
      : r.body
  ).toString();

describe("page compression (scripts/page-compression.mjs)", () => {
  let bodies: CompressedBodies;
  let app: Awaited<ReturnType<typeof serve>>;
  beforeEach(async () => {
    bodies = new CompressedBodies();
    app = await serve(bodies);
  });
  afterEach(async () => {
    await app.close();
  });

  it("compresses a page from Next's cache once per encoding, and sends it whole with its length", async () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const r = await get(`${app.base}/cached`, { "accept-encoding": accept });
        expect(r.status).toBe(200);
        expect(r.headers["content-encoding"]).toBe(encoding);
        expect(Number(r.headers["content-length"])).toBe(r.body.length);
        expect(r.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(r)).toBe(PAGE);
      }
    }
    expect(bodies.compressions).toBe(2);
  });

  it("compresses a revalidated page anew: the body is the key, so no stale copy is served", async () => {
    await get(`${app.base}/cached`, { "accept-encoding": "br" });
    const next = PAGE.replace("curious", "eager");
    app.revalidate(next);
    const r = await get(`${app.base}/cached`, { "accept-encoding": "br" });
    expect(decode(r)).toBe(next);
    expect(bodies.compressions).toBe(2);
  });

  it("leaves every other answer to the middleware as before", async () => {
    // Negotiation as the middleware's: brotli is preferred only when accepted; q=0 refuses it.
    expect((await get(`${app.base}/cached`, { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    const identity = await get(`${app.base}/cached`, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(PAGE);
    const deflate = await get(`${app.base}/cached`, { "accept-encoding": "deflate" });
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    const noTransform = await get(`${app.base}/no-transform`, { "accept-encoding": "br" });
    expect(noTransform.headers["content-encoding"]).toBeUndefined();
    const head = await get(`${app.base}/cached`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const path of ["/streamed", "/rendered"]) {
      const r = await get(`${app.base}${path}`, { "accept-encoding": "br" });
      expect(r.headers["content-encoding"]).toBe("br");
      expect(r.headers["content-length"]).toBeUndefined();
      expect(decode(r)).toBe(PAGE);
    }
    const small = await get(`${app.base}/missing`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("none");
    // The gzip above was the only page-cache compression; the rest went through the middleware's streams.
    expect(bodies.compressions).toBe(1);
  });
});

describe("CompressedBodies", () => {
  it("keeps at most maxBytes, dropping the least recently used first", () => {
    const a = "a".repeat(2000);
    const b = "b".repeat(2000);
    const c = "c".repeat(2000);
    // Room for about two bodies with their (tiny) brotli copies.
    const bodies = new CompressedBodies(4100);
    bodies.compress(a, "br");
    bodies.compress(b, "br");
    bodies.compress(a, "br"); // a is now the most recent
    bodies.compress(c, "br"); // b goes
    expect(bodies.compressions).toBe(3);
    expect(bodies.get(a, "br")).toBeDefined();
    expect(bodies.get(b, "br")).toBeUndefined();
    expect(bodies.get(c, "br")).toBeDefined();
    expect(bodies.bytes).toBeLessThanOrEqual(4100);
  });
});
