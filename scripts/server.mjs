// The production server `npm start` runs: Next's own request handler behind a plain Node HTTP
// server, for two reasons. First, a Next route handler cannot see the socket, and `next start` writes the
// peer's address into X-Forwarded-For only when the request has none, so a visitor talking to it
// directly could claim any address (and step around the per-address rate limits). This server
// records the address it really saw in PEER_ADDRESS_HEADER, replacing whatever a client sent under
// that name; lib/platform/http/client-ip.ts trusts X-Forwarded-For only when that peer is a configured proxy.
// Elsewhere (Vercel) the platform's proxy overwrites X-Forwarded-For itself and the header is absent.
// Second, it compresses with brotli: the build's static files ahead of time, as a CDN would
// (scripts/static-assets.mjs), a page from Next's cache once per version (scripts/page-compression.mjs),
// and every other answer as it goes.
//
// WEB_CONCURRENCY=N (N > 1) runs N such servers as node:cluster workers on the one port, so one
// machine's cores are used: the primary prepares the build folder once, starts the workers, starts
// again one that dies, and passes SIGTERM/SIGINT on. Workers share nothing in memory, so N > 1 needs
// what several instances need (README "Several instances"): DATABASE_URL (PGlite is one process's
// folder) and REDIS_URL (Next's cache and its revalidations, shared).
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

import next from "next";

import { PEER_ADDRESS_HEADER } from "../lib/platform/http/peer-address.mjs";
import { buildDir } from "./build-freshness.mjs";
import { addCompileHints } from "./compile-hints.mjs";
import { createPageCompression } from "./page-compression.mjs";
import { announceReadyAfterStartUp } from "./start-up-ready.mjs";
import { createStaticAssetHandler, loadConfiguredHeaders, precompressStatic } from "./static-assets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT || 3000);
// Every interface unless HOST names one; `npm start` sets 127.0.0.1 (this machine only) by default.
const host = process.env.HOST || undefined;

// Read by lib/platform/env.ts when the app loads: the peer header below is this server's, not a client's.
process.env.SERVER_RECORDS_PEER_ADDRESS = "1";

const workers = workerCount(process.env.WEB_CONCURRENCY);
// /_next/static precompressed (scripts/static-assets.mjs says why). The folder is next.config.ts's
// distDir, read from the same variable; copies are written once per build, before the first request
// (by the primary alone when there are workers, so two never write one file).
const distDir = buildDir(root, process.env);
if (cluster.isPrimary) await prepareBuildFolder();
if (cluster.isPrimary && workers > 1) {
  runPrimary(workers);
} else {
  await runServer();
}

/** WEB_CONCURRENCY: a whole number of workers, 1 (the default) meaning this process serves alone. */
function workerCount(value) {
  if (value === undefined || value.trim() === "") return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`[server] WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`);
    process.exit(1);
  }
  return count;
}

async function prepareBuildFolder() {
  // First, so the copies below carry it (scripts/compile-hints.mjs says why).
  const hinted = addCompileHints(distDir, {
    onError: (error, file) => console.warn(`[server] no compile hint (served as built): ${path.relative(root, file)}: ${error.message}`),
  });
  if (hinted > 0) console.log(`[server] marked ${hinted} start-up scripts for eager compilation`);
  const written = await precompressStatic(path.join(distDir, "static"), {
    onError: (error, file) => console.warn(`[server] not precompressed (Next serves it): ${path.relative(root, file)}: ${error.message}`),
  });
  if (written > 0) console.log(`[server] precompressed ${written} static file copies (brotli, gzip)`);
}

/** The primary of WEB_CONCURRENCY workers: it serves nothing itself. */
function runPrimary(count) {
  const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]?.trim());
  if (missing.length > 0) {
    console.error(
      `[server] WEB_CONCURRENCY=${count} needs ${missing.join(" and ")}: workers share no memory, so the database ` +
        'and Next\'s cache must be shared ones (README "Several instances"). Set them, or leave WEB_CONCURRENCY unset.',
    );
    process.exit(1);
  }
  let stopping = false;
  let ready = 0;
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message === "ready" && ++ready === count) console.log(`[server] ${count} workers ready on port ${port}`);
      // A worker's tag revalidations, passed to its siblings (cache-handler.mjs): with Redis down
      // too, an edit on one worker expires the page on all of this server's workers.
      if (message?.type === "next-cache-tags") {
        for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker && other.isConnected()) other.send(message);
      }
    });
  };
  for (let i = 0; i < count; i += 1) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`[server] worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      setTimeout(() => process.exit(0), 6_000).unref();
    });
  }
}

async function runServer() {
  // The hostname only names this server to Next; where it listens is HOST (below).
  const app = next({ dev: false, dir: root, hostname: "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const setConfiguredHeaders = loadConfiguredHeaders(distDir);
  if (!setConfiguredHeaders)
    console.warn("[server] next.config.ts has conditional headers; Next sets them, and serves static files uncompressed ahead of time");
  const serveStaticAsset = setConfiguredHeaders ? createStaticAssetHandler({ distDir }) : () => false;

  // Everything else is compressed here rather than by Next (next.config.ts sets compress: false):
  // brotli where the browser accepts it (Next's compression has only gzip), which keeps the larger
  // pages inside a new connection's first round trip (/courses: 14.4 KB gzip, 11.8 KB brotli).
  // The same middleware Next uses, in the version with brotli; it honours Next's streaming flushes.
  // A page from Next's cache is compressed once per version and encoding (scripts/page-compression.mjs).
  const compress = createPageCompression();

  const server = http.createServer((req, res) => {
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    // Next applies next.config.ts's headers() to what it renders but not to its own redirects
    // (/index-2 ...) nor, of course, to the precompressed files: set first, they reach every answer.
    setConfiguredHeaders?.(res, req.url);
    if (serveStaticAsset(req, res)) return;
    compress(req, res, () => void handle(req, res));
  });
  // A port in use (or any listen failure) ends the process, as `next start` does, instead of leaving
  // a server that answers nothing.
  server.on("error", (error) => {
    console.error(`[server] cannot listen on port ${port}: ${error.message}`);
    process.exit(1);
  });
  // As `next start`: keep-alive longer than a typical proxy's idle timeout, so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  // "ready" after the start-up checks: Next runs instrumentation.ts on its first request (scripts/start-up-ready.mjs).
  // A class launch's burst of connections queues here instead of being reset past Node's default
  // backlog of 511 (the kernel caps it at net.core.somaxconn).
  server.listen({ port, host, backlog: 4096 }, () => {
    void announceReadyAfterStartUp(server, {
      path: "/api/v1/ip",
      readyLine: cluster.isWorker
        ? `[server] worker ${process.pid} ready on http://localhost:${port}`
        : `[server] ready on http://localhost:${port} (listening on ${host ?? "every interface"})`,
    }).then((isReady) => {
      if (isReady && cluster.isWorker) process.send?.("ready");
    });
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
}
