// The production server `npm start` runs: Next's own request handler behind a plain Node HTTP
// server, for one reason. A Next route handler cannot see the socket, and `next start` writes the
// peer's address into X-Forwarded-For only when the request has none, so a visitor talking to it
// directly could claim any address (and step around the per-address rate limits). This server
// records the address it really saw in PEER_ADDRESS_HEADER, replacing whatever a client sent under
// that name; lib/http/client-ip.ts trusts X-Forwarded-For only when that peer is a configured proxy.
// Elsewhere (Vercel) the platform's proxy overwrites X-Forwarded-For itself and the header is absent.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

import next from "next";

import { PEER_ADDRESS_HEADER } from "../lib/http/peer-address.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || 3000);

// Read by lib/env.ts when the app loads: the peer header below is this server's, not a client's.
process.env.SERVER_RECORDS_PEER_ADDRESS = "1";

// Listens on every interface, as `next start` does; the hostname only names this server to Next.
const app = next({ dev: false, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  void handle(req, res);
});
// A port in use (or any listen failure) ends the process, as `next start` does, instead of leaving
// a server that answers nothing.
server.on("error", (error) => {
  console.error(`[server] cannot listen on port ${port}: ${error.message}`);
  process.exit(1);
});
// As `next start`: keep-alive longer than a typical proxy's idle timeout, so the proxy closes first.
server.keepAliveTimeout = 65_000;
server.listen(port, () => {
  console.log(`[server] ready on http://localhost:${port}`);
});

// SIGTERM/SIGINT (a deploy, Ctrl-C, Playwright): stop accepting, let requests in flight finish, then exit.
let isClosing = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (isClosing) return;
    isClosing = true;
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
