// Shared helpers for bench/: servers, ports, arguments, statistics, formatting.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_DIR = path.resolve(BENCH_DIR, "..");
export const NEXT_BIN = path.join(REPO_DIR, "node_modules", "next", "dist", "bin", "next");

/** Same rule as lib/platform/brand.ts: PRODUCT_SLUG, else the slug of PRODUCT_NAME (default "Brightside"). */
export function brandSlug(env = process.env) {
  if (env.PRODUCT_SLUG) return env.PRODUCT_SLUG;
  const name = env.PRODUCT_NAME?.trim() || "Brightside";
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "classes";
}

/** A course page of the starting catalogue (migration 0007), with the seeded sections on it. */
export const COURSE_PAGE = "/courses/python-for-young-coders";
/** Issue 29: /courses with filters (the class finder, rendered per visitor): a Saturday-morning group class under $100 in New York. */
export const COURSE_SEARCH = "/courses?day=sat&time=morning&type=group&max=100&tz=America%2FNew_York";

/** The pages the requirement names, in report order. /book-free-demo/5 is also the booking step: its picker loads on click. */
export function defaultRoutes(env = process.env) {
  return ["/", `/join-${brandSlug(env)}`, "/book-free-demo/5", "/courses", COURSE_SEARCH, COURSE_PAGE, "/signin"];
}

/** Tiny argv parser: --flag value, --flag=value, --bool. Repeated or comma lists stay strings. */
export function parseArgs(argv, booleans = []) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      out._.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const key = (eq > 0 ? a.slice(2, eq) : a.slice(2)).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (eq > 0) out[key] = a.slice(eq + 1);
    else if (booleans.includes(key)) out[key] = true;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) out[key] = argv[++i];
    else out[key] = true;
  }
  return out;
}

export function listArg(value) {
  if (value === undefined || value === true) return undefined;
  return String(value)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

export function median(values) {
  const v = values.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

export function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen({ port, host: "0.0.0.0" }, () => srv.close(() => resolve(true)));
  });
}

/** The port asked for when free, else the next free one above it. */
export async function freePort(preferred, avoid = []) {
  for (let p = preferred; p < preferred + 100; p++) {
    if (avoid.includes(p)) continue;
    if (await isPortFree(p)) return p;
  }
  throw new Error(`no free port in ${preferred}..${preferred + 99}`);
}

/** Newest mtime (ms) of the files under the given paths, skipping build output and deps. */
export function newestMtime(paths, skip = ["node_modules", ".next", ".data", ".git"]) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (skip.includes(path.basename(p))) return;
      for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(p);
  return newest;
}

export function mtime(p) {
  try {
    return fs.statSync(p).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Runs a command to completion; its output goes to `logFile` (and the tail to stderr on failure).
 * Resolves with the exit code.
 */
/** Process groups started by runToEnd that are still running (stopped by stopChildren). */
const running = new Set();

export function stopChildren() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
}

export function runToEnd(cmd, args, { cwd, env, logFile, label }) {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, "a");
    fs.writeSync(log, `\n$ (${cwd}) ${cmd} ${args.join(" ")}\n`);
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", log, log], detached: true });
    running.add(child);
    child.on("error", reject);
    child.on("exit", (code) => {
      running.delete(child);
      fs.closeSync(log);
      if (code !== 0) {
        const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
        process.stderr.write(`\n[bench] ${label ?? cmd} failed (exit ${code}); last lines of ${logFile}:\n${tail}\n`);
      }
      resolve(code);
    });
  });
}

/**
 * Starts a long-running server in its own process group (so stopping it also stops what it
 * spawned) and waits until `url` answers any HTTP status.
 */
export async function startServer(cmd, args, { cwd, env, logFile, url, label, timeoutMs = 300_000 }) {
  const log = fs.openSync(logFile, "a");
  fs.writeSync(log, `\n$ (${cwd}) ${cmd} ${args.join(" ")}\n`);
  const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const handle = {
    child,
    label,
    async stop() {
      if (exited) return;
      const done = new Promise((r) => child.once("exit", r));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {}
      }, 8000);
      await done;
      clearTimeout(t);
    },
  };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (exited) {
      const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
      throw new Error(`${label} exited (${JSON.stringify(exited)}) before answering; ${logFile}:\n${tail}`);
    }
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return handle;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await handle.stop();
  throw new Error(`${label} did not answer ${url} within ${timeoutMs / 1000}s (see ${logFile})`);
}

/**
 * A target's headers split into its session (the Cookie header, whatever the case of its name:
 * HTTP header names are case-insensitive, and run.mjs once passed `Cookie`, which sent the session
 * the extra-header way below) and the others.
 */
export function splitSessionCookie(headers = {}) {
  const isCookie = (name) => name.toLowerCase() === "cookie";
  const cookie =
    Object.entries(headers)
      .filter(([name, value]) => isCookie(name) && value)
      .map(([, value]) => value)
      .join("; ") || null;
  const other = Object.fromEntries(Object.entries(headers).filter(([name]) => !isCookie(name)));
  return { cookie, other };
}

/** Plain-text table with right-aligned numeric columns. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? "-" : String(c))));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const numeric = headers.map((_, i) =>
    rows.every((r) => r[i] === null || r[i] === undefined || /^[-+]?[\d.]+[%x]?$|^-$/.test(String(r[i]))),
  );
  const fmt = (r) => r.map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [fmt(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(fmt)].join("\n");
}

export const kb = (bytes) => (bytes === null || bytes === undefined ? null : (bytes / 1024).toFixed(1));

/** A ratio as the tables print it: "1.03x". */
export const times = (ratio) => (typeof ratio === "number" && Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : null);
