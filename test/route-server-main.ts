// The child process of test/route-server.ts: a plain Node HTTP server that serves some of
// the app's real route handlers (their exported GET/POST/...) on the app's real database client,
// so a test can send it real HTTP over loopback and kill it like a crashed server. Not Next: no
// build needed, and it starts in a second or two. Run it as the CLI scripts are run:
//
//   node --conditions=react-server --import tsx test/route-server-main.ts \
//     --port 24000 --route /api/book-free-demo=app/api/book-free-demo/route.ts
//
// A path may have dynamic segments as the App Router names them (`/api/v1/courses/category/[category]`):
// each matches one segment and reaches the handler decoded in `params`, as Next passes it. A
// static path wins over a dynamic one, as in Next; catch-all segments (`[...slug]`) are not served.
//
// Configuration comes from the environment through lib/platform/env.ts, as in the app (DATABASE_URL,
// PGLITE_DIR, APP_URL, RATE_LIMITS). It prints one JSON line `{"ready":true,...}` once the
// database is open (migrated and seeded, as lib/wiring/start.ts does at start) and the port is
// bound. On SIGTERM it stops like an app shutting down: server closed, database closed.
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

import { EXIT_PORT_IN_USE } from "./route-server";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string" }, route: { type: "string", multiple: true } } });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port <= 0 || !values.route?.length) {
    throw new Error("usage: route-server-main.ts --port <port> --route </path>=<module> [--route ...]");
  }

  // The database first, as at an app's start: ready means migrated and seeded.
  const { getOpenDatabase } = await import("../lib/platform/db/client");
  const opened = await getOpenDatabase();

  const routes: Route[] = [];
  for (const spec of values.route) {
    const [urlPath, modulePath] = spec.split("=");
    if (!urlPath || !modulePath) throw new Error(`--route ${spec}: expected </path>=<module>`);
    if (urlPath.includes("[...")) throw new Error(`--route ${spec}: catch-all segments are not supported`);
    const routeModule = (await import(pathToFileURL(path.resolve(modulePath)).href)) as Record<string, unknown>;
    const handlers = Object.fromEntries(
      METHODS.filter((m) => typeof routeModule[m] === "function").map((m) => [m, routeModule[m] as Handler]),
    );
    routes.push({ segments: urlPath.split("/"), handlers });
  }
  // Static before dynamic, as Next resolves /a/b against both /a/b and /a/[x].
  routes.sort((a, b) => Number(a.segments.some(isDynamic)) - Number(b.segments.some(isDynamic)));

  const server = http.createServer((req, res) => {
    void serve(req, res).catch((error: unknown) => {
      console.error("[route-server] failed to answer:", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end();
    });
  });

  async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
    // The URL as Next builds it for a handler: this server's origin, from the Host header.
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? `127.0.0.1:${port}`}`);
    const matched = matchRoute(routes, url.pathname);
    const handler = matched?.route.handlers[req.method as (typeof METHODS)[number]];
    if (!matched || !handler) {
      res.writeHead(matched ? 405 : 404).end();
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      // Node's fetch needs this for a streamed body.
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit);
    const response = await handler(request, { params: Promise.resolve(matched.params) });
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        console.error(`[route-server] port ${port} is in use`);
        process.exit(EXIT_PORT_IN_USE);
      }
      reject(error);
    });
    // A burst of 2,000 connections at once (the concurrency tests) overflowed Node's default
    // backlog of 511 on a busy machine: the kernel reset the connections it could not queue.
    server.listen({ port, host: "127.0.0.1", backlog: 4096 }, () => resolve());
  });

  let isStopping = false;
  process.on("SIGTERM", () => {
    if (isStopping) return;
    isStopping = true;
    server.close();
    server.closeAllConnections();
    opened.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("[route-server] closing the database failed:", error);
        process.exit(1);
      },
    );
  });

  console.log(JSON.stringify({ ready: true, port, pid: process.pid, database: opened.kind }));
}

interface Route {
  segments: string[];
  handlers: Partial<Record<(typeof METHODS)[number], Handler>>;
}

const isDynamic = (segment: string) => segment.startsWith("[") && segment.endsWith("]");

/** The first route whose segments match the path's, with its dynamic segments' values decoded. */
function matchRoute(routes: Route[], pathname: string): { route: Route; params: Record<string, string> } | undefined {
  const parts = pathname.split("/"); // as given: "/a/b/" is not "/a/b"
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const isMatch = route.segments.every((segment, i) => {
      const part = parts[i]!;
      if (!isDynamic(segment)) return segment === part;
      if (part === "") return false;
      try {
        params[segment.slice(1, -1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false; // a malformed escape: no route, a 404
      }
    });
    if (isMatch) return { route, params };
  }
  return undefined;
}

main().catch((error: unknown) => {
  console.error("[route-server]", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
