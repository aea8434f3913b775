import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";

/**
 * Starts the app's real route handlers in a separate Node process serving real HTTP on loopback
 * (test/route-server-main.ts), on the database its environment configures, so that a
 * test can crash it (SIGKILL) and start it again on the same data. It runs the TypeScript
 * sources through tsx as the CLI scripts do (package.json `seed`), so it needs no `next build`
 * and is ready in a second or two (plus PGlite's first open of a new directory, about 5 s).
 */
export interface RouteServerOptions {
  /** URL path to route module, relative to the repository root: { "/api/book-free-demo": "app/api/book-free-demo/route.ts" }. */
  routes: Record<string, string>;
  /**
   * The child's whole environment (the caller's, with the database chosen: DATABASE_URL or
   * PGLITE_DIR). APP_URL is set to the server's own origin, so a browser-like Origin header
   * passes the same-origin check.
   */
  env: NodeJS.ProcessEnv;
  /** Ports tried in turn, from the first; the default is the range this project's tests use. */
  ports?: { from: number; to: number };
  /** Until the database is open and the port bound; a new PGlite directory takes about 5 s. */
  readyTimeoutMs?: number;
}

export interface RouteServer {
  /** http://127.0.0.1:<port>: the base URL, and the Origin a same-site browser would send. */
  origin: string;
  port: number;
  pid: number;
  /** Settles when the process exits, however it ends: a test that expects it to keep running can watch it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once the process is gone. */
  kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM: the server and database close as in a normal shutdown. Rejects if it does not exit cleanly. */
  stop(): Promise<void>;
  /** What the process printed, for failure messages. */
  output(): string;
}

/**
 * The child's environment as these tests start it: the test process's own (the caller passes it
 * in), without Jest's NODE_OPTIONS (--experimental-vm-modules is not the app's), in production
 * mode, rate limits off (every request comes from the one loopback address) and nothing
 * forwarded anywhere; `database` chooses the database (DATABASE_URL, PGLITE_DIR).
 */
export function routeServerEnv(inherited: NodeJS.ProcessEnv, database: { DATABASE_URL: string; PGLITE_DIR: string }): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _jestOnly, ...rest } = inherited;
  return { ...rest, ...database, NODE_ENV: "production", RATE_LIMITS: "off", DEMO_FORWARD_URL: "" };
}

/** Exit code of route-server-main.ts when its port is taken, so that the next one is tried. */
export const EXIT_PORT_IN_USE = 98;
// Below the kernel's ephemeral range and away from the app's (3000) and the e2e servers' (3100 and up), so a route server never takes a port another run's server needs.
const DEFAULT_PORTS = { from: 24000, to: 24099 };
const ROOT = path.resolve(__dirname, "..");
const MAIN = path.join(__dirname, "route-server-main.ts");
const MAX_OUTPUT_CHARS = 20_000;

/** Children still running, killed if the test process ends without stopping them. */
const running = new Set<ChildProcess>();
let isExitHookInstalled = false;

export async function startRouteServer(options: RouteServerOptions): Promise<RouteServer> {
  const { from, to } = options.ports ?? DEFAULT_PORTS;
  for (let port = from; port <= to; port += 1) {
    if (!(await isPortFree(port))) continue;
    const started = await spawnOnPort(port, options);
    if (started !== "port in use") return started;
  }
  throw new Error(`No free port between ${from} and ${to} for the route server.`);
}

function spawnOnPort(port: number, options: RouteServerOptions): Promise<RouteServer | "port in use"> {
  const origin = `http://127.0.0.1:${port}`;
  const args = ["--conditions=react-server", "--import", "tsx", MAIN, "--port", String(port)];
  for (const [urlPath, modulePath] of Object.entries(options.routes)) args.push("--route", `${urlPath}=${modulePath}`);
  // node itself, not the tsx CLI: the CLI runs the script in a second process, which a
  // SIGKILL sent to the first would leave running.
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...options.env, APP_URL: origin }, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  installExitHook();

  let output = "";
  const record = (text: string) => {
    output = (output + text).slice(-MAX_OUTPUT_CHARS);
  };
  child.stderr!.setEncoding("utf8").on("data", record);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The route server was not ready within ${options.readyTimeoutMs ?? 60_000} ms:\n${output}`));
    }, options.readyTimeoutMs ?? 60_000);
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      record(`${line}\n`);
      if (!line.startsWith('{"ready":true')) return;
      clearTimeout(timer);
      resolve({
        origin,
        port,
        pid: child.pid!,
        exited,
        output: () => output,
        kill: () => {
          child.kill("SIGKILL");
          return exited;
        },
        stop: async () => {
          child.kill("SIGTERM");
          const { code, signal } = await exited;
          if (code !== 0) throw new Error(`The route server did not stop cleanly (code ${code}, signal ${signal}):\n${output}`);
        },
      });
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (code === EXIT_PORT_IN_USE) resolve("port in use");
      // Settles nothing once ready (a promise settles once): only an exit before it is a failure.
      else reject(new Error(`The route server exited before it was ready (code ${code}, signal ${signal}):\n${output}`));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function installExitHook() {
  if (isExitHookInstalled) return;
  isExitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) child.kill("SIGKILL");
  });
}
