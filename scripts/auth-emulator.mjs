// Starts the Firebase Auth Emulator (firebase-tools, a devDependency) for the embedded
// default and the tests. Offline is fine: a `demo-` project id needs no credentials.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

import { exportAccounts, IDENTITY_PATH, oneAtATime, openRelay, prepareExportFolder } from "./auth-emulator-relay.mjs";

const root = path.resolve(import.meta.dirname, "..");
const START_LIMIT_MS = 180_000;

/**
 * @param {{ port: number, projectId: string, dataDir?: string, log?: (line: string) => void }} options
 *   dataDir: accounts are imported from it, and written to it after every change (the relay in
 *   front, scripts/auth-emulator-relay.mjs), so they survive restarts and crashes alike. Without
 *   one (the tests' emulators), the emulator itself listens on `port` and keeps nothing.
 * @returns {Promise<{ host: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ port, projectId, dataDir, log = () => {} }) {
  if (!dataDir) return launchEmulator({ port, projectId, log });
  // Absolute: the emulator runs in .data/, and a relative folder would land in .data/.data/.
  dataDir = path.resolve(root, dataDir);
  prepareExportFolder(dataDir, root);
  // The public port first, so a second start at the same moment finds it taken (EADDRINUSE).
  const relay = await openRelay({ port, identity: { projectId, dataDir } });
  let emulator;
  try {
    emulator = await launchOnFreePorts({ projectId, importDir: dataDir, log });
  } catch (error) {
    await relay.close();
    throw error;
  }
  const save = oneAtATime(() => exportAccounts({ emulatorHost: emulator.host, projectId, dataDir }));
  relay.forwardTo(emulator.port, save);
  return {
    host: `127.0.0.1:${port}`,
    // Nothing to write at the end: every change was written after its request.
    async stop() {
      await relay.close();
      await emulator.stop();
    },
  };
}

/** The emulator behind the relay, on ports nobody asks for; another start may take a port meanwhile: tried again. */
async function launchOnFreePorts({ projectId, importDir, log }) {
  for (let attempt = 1; ; attempt++) {
    // Spread by process, so two starts at once rarely try the same ports.
    const port = await findFreePortTriple(30_000 + (process.pid % 3_000) * 3 + attempt * 9);
    try {
      return await launchEmulator({ port, projectId, importDir, log });
    } catch (error) {
      if (attempt >= 3 || !/port|EADDRINUSE/i.test(error.message)) throw error;
    }
  }
}

/**
 * The Firebase emulator process itself, listening on `port` (its hub and logging ports are the next
 * two), with the accounts of `importDir` when given. It writes nothing on exit: the relay has.
 */
async function launchEmulator({ port, projectId, importDir, log }) {
  mkdirSync(path.join(root, ".data"), { recursive: true });
  // Each emulator gets its own hub and logging ports, so a dev server and the tests can run side by side.
  const configFile = path.join(root, ".data", `firebase-${port}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        hub: { host: "127.0.0.1", port: port + 1 },
        logging: { host: "127.0.0.1", port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ["emulators:start", "--only", "auth", "--project", projectId, "--config", configFile];
  if (importDir) args.push("--import", importDir);
  const firebaseBin = path.join(root, "node_modules", ".bin", "firebase");
  const child = spawn(firebaseBin, args, {
    cwd: path.join(root, ".data"),
    env: { ...process.env, NO_UPDATE_NOTIFIER: "1", FIREBASE_AUTH_EMULATOR_HOST: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => {
    output += chunk;
    for (const line of String(chunk).split("\n")) if (line.trim()) log(line);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const host = `127.0.0.1:${port}`;
  // Usually a few seconds; minutes on a 2-core machine busy with a build beside it (Jest's global set-up failed at 90 s).
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The Auth Emulator exited during start:\n${output.slice(-2000)}`);
    // The emulator listens before it has imported the saved accounts; the CLI says "All emulators
    // ready" only after the import, and a request before that would not see them.
    if (/All emulators ready/.test(output)) {
      try {
        const response = await fetch(`http://${host}/`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The Auth Emulator did not start within ${START_LIMIT_MS / 1000} s:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    host,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The Auth Emulator of this checkout (its project and data folder) for `npm start`, `npm run dev`
 * and the CLI: the one already on `port` when it is this checkout's (says so through the relay),
 * else a new one there; when another holds the port (another checkout's, or one that does not say
 * whose it is), a new one on a free port. `emulator` is null when an existing one is used. `log`
 * hears why a port is passed over; `emulatorLog` the emulator's own output (none by default).
 * @returns {Promise<{ host: string, emulator: { stop(): Promise<void> } | null, note: string }>}
 */
export async function ensureAuthEmulator({ port, projectId, dataDir, log = () => {}, emulatorLog = () => {} }) {
  dataDir = path.resolve(root, dataDir);
  let wanted = port;
  for (let attempt = 1; ; attempt++) {
    try {
      const emulator = await startAuthEmulator({ port: wanted, projectId, dataDir, log: emulatorLog });
      const moved = wanted === port ? "" : ` (port ${port} is another's)`;
      return { host: emulator.host, emulator, note: `started the Firebase Auth Emulator at ${emulator.host}${moved}` };
    } catch (error) {
      if (error.code !== "EADDRINUSE" || attempt >= 5) throw error;
    }
    const host = `127.0.0.1:${wanted}`;
    const owner = await emulatorOwner(host);
    if (owner?.projectId === projectId && owner?.dataDir === dataDir) {
      await waitUntilUp(host);
      return { host, emulator: null, note: `using this checkout's Auth Emulator already running at ${host}` };
    }
    log(
      `port ${wanted} is taken by ${owner ? `the emulator of ${owner.projectId} in ${owner.dataDir}` : "something that is not this checkout's emulator"}`,
    );
    wanted = await findFreePortTriple(wanted + 3);
  }
}

/** What the relay on `host` says of itself: { projectId, dataDir }, or null (no relay, or not an emulator). */
export async function emulatorOwner(host) {
  try {
    const response = await fetch(`http://${host}${IDENTITY_PATH}`, { signal: AbortSignal.timeout(2_000) });
    if (!response.ok) return null;
    const owner = await response.json();
    return typeof owner?.projectId === "string" && typeof owner?.dataDir === "string" ? owner : null;
  } catch {
    return null;
  }
}

async function waitUntilUp(host) {
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    try {
      if ((await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // starting, or gone
    }
    if (Date.now() > deadline) throw new Error(`The Auth Emulator at ${host} did not become ready within ${START_LIMIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Empties the emulator's accounts (tests). */
export async function clearEmulatorAccounts(host, projectId) {
  await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: "DELETE" });
}

function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port whose next two (the emulator's hub and logging ports) are free too, searched from `from`. */
export async function findFreePortTriple(from) {
  for (let port = from; port < from + 300; port += 3) {
    if ((await isPortFree(port)) && (await isPortFree(port + 1)) && (await isPortFree(port + 2))) return port;
  }
  throw new Error(`No three free ports between ${from} and ${from + 300}.`);
}
