// Starts the Firebase Auth Emulator (firebase-tools, a devDependency) for the embedded
// default and the tests. Offline is fine: a `demo-` project id needs no credentials.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const START_LIMIT_MS = 180_000;

/**
 * @param {{ port: number, projectId: string, dataDir?: string, log?: (line: string) => void }} options
 *   dataDir: accounts are imported from and exported to it, so they survive restarts.
 * @returns {Promise<{ host: string, stop: () => Promise<void> }>}
 */
export async function startAuthEmulator({ port, projectId, dataDir, log = () => {} }) {
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
  // Absolute: the emulator runs in .data/, and a relative folder would land in .data/.data/.
  if (dataDir) dataDir = path.resolve(root, dataDir);
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(dataDir, "firebase-export-metadata.json"))) args.push("--import", dataDir);
    args.push("--export-on-exit", dataDir);
  }
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
    async stop() {
      if (child.exitCode !== null) return;
      // SIGINT lets it export accounts (--export-on-exit) before leaving.
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
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
