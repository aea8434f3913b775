// The embedded default's Auth Emulator holds its accounts in memory and writes them out only when it
// exits cleanly (--export-on-exit): a crash, an out-of-memory kill or a power cut lost every account
// made since the start, and the rows keyed by them. This relay takes the emulator's public port,
// passes every request to the emulator (on a port of its own) and, after each one that may change an
// account, writes the accounts to the data folder before it answers: an account the app was told
// exists is on disk. It also says whose emulator it is (project and data folder), so a second
// checkout's `npm start` can tell it is not its own (scripts/auth-emulator.mjs, ensureAuthEmulator).
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import http from "node:http";
import path from "node:path";

/** The relay's own answer: whose emulator this is. Not a path the emulator has. */
export const IDENTITY_PATH = "/embedded-default/auth-emulator";

/**
 * Whether a request may change an account (and so must be on disk before its answer). Reads and
 * sign-ins with a password change none (a sign-in only moves the last sign-in time); the action
 * page's GET applies a verification link's code.
 */
export function mayChangeAccounts(method, pathname) {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return pathname === "/emulator/action";
  if (pathname.startsWith("/securetoken.googleapis.com/")) return false;
  return !/:(lookup|signInWithPassword|createAuthUri|query)$/.test(pathname);
}

/**
 * Runs `task` one at a time; a call while it runs gets the run that starts after it (shared by
 * every call meanwhile), so each caller's change is in a run that began after the change.
 */
export function oneAtATime(task) {
  let running = null;
  let next = null;
  const start = () => {
    const current = Promise.resolve()
      .then(task)
      .finally(() => {
        if (running === current) running = null;
      });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/**
 * Replaces `file` through a temporary file, flushed to the disk before the rename (a power cut too).
 * The temporary file is in the folder above: the emulator imports every file of auth_export/ whose
 * name has "accounts" in it, and a half-written one left by a crash would be among them.
 */
function writeDurably(file, text) {
  const temporary = path.join(path.dirname(file), "..", `.${path.basename(file)}.writing`);
  const fd = openSync(temporary, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
}

function firebaseToolsVersion(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, "node_modules", "firebase-tools", "package.json"), "utf8")).version;
  } catch {
    return "unknown";
  }
}

/**
 * Makes `dataDir` a folder the emulator imports (the layout of its own export: the metadata file
 * and auth_export/), before the first account is written, so that no crash can leave accounts
 * without the file that makes the next start read them.
 */
export function prepareExportFolder(dataDir, root) {
  mkdirSync(path.join(dataDir, "auth_export"), { recursive: true });
  const metadata = path.join(dataDir, "firebase-export-metadata.json");
  if (existsSync(metadata)) return;
  const version = firebaseToolsVersion(root);
  const text = JSON.stringify({ version, auth: { version, path: "auth_export" } }, null, 2);
  const temporary = `${metadata}.writing`;
  writeFileSync(temporary, text);
  renameSync(temporary, metadata);
}

/**
 * Writes the emulator's accounts and configuration to `dataDir` (prepared by prepareExportFolder),
 * which `--import` reads at the next start. Each file is replaced whole, so a crash while writing
 * leaves the previous one.
 */
export async function exportAccounts({ emulatorHost, projectId, dataDir }) {
  const read = async (pathname) => {
    const response = await fetch(`http://${emulatorHost}${pathname}`, { headers: { authorization: "Bearer owner" } });
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
    return response.text();
  };
  const [accounts, config] = await Promise.all([
    read(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
    read(`/emulator/v1/projects/${projectId}/config`),
  ]);
  writeDurably(path.join(dataDir, "auth_export", "accounts.json"), accounts);
  writeDurably(path.join(dataDir, "auth_export", "config.json"), config);
}

/**
 * Listens on 127.0.0.1:`port` at once (so two starts cannot both take it; EADDRINUSE is thrown to
 * the caller), answering 503 until `forwardTo` names the emulator. `identity` is what IDENTITY_PATH
 * answers.
 */
export async function openRelay({ port, identity, log = (line) => console.error(`[auth-emulator] ${line}`) }) {
  let target = null;
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? "/").split("?")[0];
    if (pathname === IDENTITY_PATH) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ...identity, ready: target !== null }));
      return;
    }
    if (!target) {
      response.writeHead(503, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: "the Auth Emulator is starting" }));
      return;
    }
    relay(request, response, target, port, log);
  });
  // The requests of firebase-admin and the app come and go; none may hold the stop up.
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    /** From now on requests go to the emulator at 127.0.0.1:`emulatorPort`; `save` runs after each change. */
    forwardTo(emulatorPort, save) {
      target = { port: emulatorPort, save };
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function relay(request, response, target, publicPort, log) {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: `127.0.0.1:${target.port}` },
      },
      (answer) => {
        const parts = [];
        answer.on("data", (chunk) => parts.push(chunk));
        answer.on("end", async () => {
          // Links the emulator makes (a verification link's action page) name its own port: they
          // must come through here too, or what they change would not be written.
          const body = Buffer.from(
            Buffer.concat(parts).toString("latin1").replaceAll(`127.0.0.1:${target.port}`, `127.0.0.1:${publicPort}`),
            "latin1",
          );
          const pathname = (request.url ?? "/").split("?")[0];
          if ((answer.statusCode ?? 500) < 400 && mayChangeAccounts(request.method, pathname)) {
            // Logged, not refused: the change is made in the emulator either way, and the next write has it.
            await target.save().catch((error) => log(`could not write the accounts to disk: ${error.message}`));
          }
          const headers = { ...answer.headers, "content-length": String(body.length) };
          delete headers["transfer-encoding"];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
        answer.on("error", () => response.destroy());
      },
    );
    upstream.on("error", (error) => {
      response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: `the Auth Emulator did not answer: ${error.message}` }));
    });
    upstream.end(Buffer.concat(chunks));
  });
}
