// "ready" only after the start-up checks (instrumentation.ts: migrations, the demo-account check, the
// seeds). Next's production server runs instrumentation.ts on the first request it handles, not at
// app.prepare() (next/dist/server/next.js: "We shouldn't prepare the server in production"), so a
// server that printed "ready" on listen announced itself before its checks had run, and a failed
// check came after the word "ready". This sends the server's own first request and waits for its
// answer, which Next holds until instrumentation's register() has finished.
import http from "node:http";

/** The address to reach a listening server at: loopback when it listens on every interface. */
export function ownAddress(address) {
  if (!address || typeof address === "string") return { host: "127.0.0.1", port: 0 };
  const wildcard = address.address === "::" || address.address === "0.0.0.0";
  return { host: wildcard ? (address.family === "IPv6" ? "::1" : "127.0.0.1") : address.address, port: address.port };
}

/** One GET of `path` from `server` itself; resolves with the status once the whole answer has come. */
export function requestOwn(server, path) {
  const { host, port } = ownAddress(server.address());
  return new Promise((resolve, reject) => {
    const request = http.get({ host, port, path, headers: { "user-agent": "start-up-check" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Prints `readyLine` once the listening `server` has answered its own request for `path`. A check
 * that ends the process (a refused start) ends it before; one that fails without ending it has
 * logged its error before. When even that request fails, says so instead of "ready".
 */
export async function announceReadyAfterStartUp(server, { path, readyLine, log = console.log, warn = console.error }) {
  try {
    const status = await requestOwn(server, path);
    if (status >= 500) warn(`[server] the start-up request answered ${status}: see the errors above`);
  } catch (error) {
    warn(`[server] the start-up request failed: ${error instanceof Error ? error.message : error}`);
    return false;
  }
  log(readyLine);
  return true;
}
