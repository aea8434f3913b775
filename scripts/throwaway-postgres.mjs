// A throwaway PostgreSQL server for the Jest legs that have no server of their own (scripts/test-unit.mjs):
// CI's clock legs, whose server's clock Debian's faketime moves (the date-sensitive tests run on
// production's engine at another instant, the server's now() and the tests' Date.now() at one moved
// clock; the machine's own server keeps the real clock, so it cannot serve those legs), and a
// developer's run without TEST_DATABASE_URL. PGlite could serve both (it runs inside Jest), but a
// PGlite file costs about three times a PostgreSQL file here (README "Testing").
//
// The cluster lives in a temporary folder, runs without fsync (nothing in it outlives the leg), on a
// free loopback port, and is stopped and removed by `stop()`. PostgreSQL refuses to run as root:
// as root it runs as the `postgres` user that Debian's package creates.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const DEBIAN_POSTGRES = "/usr/lib/postgresql";

/** The newest installed server's bin folder (Debian's layout), or null when there is none. */
export function postgresBinaries() {
  if (!existsSync(DEBIAN_POSTGRES)) return null;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((name) => existsSync(path.join(DEBIAN_POSTGRES, name, "bin", "postgres")))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? path.join(DEBIAN_POSTGRES, versions.at(-1), "bin") : null;
}

/**
 * Debian's libfaketime, preloaded into the server directly: the `faketime` wrapper waits for every
 * process that inherits its pipe, and the server it would start outlives pg_ctl, so the wrapper
 * (and anything waiting on it) would never return.
 */
function libfaketime() {
  for (const arch of readdirSync("/usr/lib")) {
    const candidate = path.join("/usr/lib", arch, "faketime", "libfaketime.so.1");
    if (existsSync(candidate)) return candidate;
  }
  throw new Error("libfaketime.so.1 is missing (Debian package faketime).");
}

/** The postgres user's ids when we are root (PostgreSQL will not run as root), else null. */
function postgresUser() {
  if (process.getuid?.() !== 0) return null;
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
  return { uid, gid };
}

/**
 * Starts a cluster, its clock moved by faketime's `offset` when one is given (the relative offset
 * Jest runs under, so both read one clock). Returns its URL and a `stop()` that removes it.
 */
export async function startThrowawayPostgres({ offset, label }) {
  const bin = postgresBinaries();
  if (!bin) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql.");
  const user = postgresUser();
  const folder = mkdtempSync(path.join(os.tmpdir(), "lct-throwaway-pg-"));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = path.join(folder, "data");
  const port = await freePort();
  // As root, each command runs as postgres (runuser keeps the environment's PATH).
  const as = (command, args) => (user ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);
  const step = (what, command, args, env = process.env) => {
    const [file, argv] = as(command, args);
    const result = spawnSync(file, argv, { encoding: "utf8", cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] });
    if (result.status !== 0) throw new Error(`[${label}] ${what} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  step("initdb", path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const settings = [
    `-p ${port}`,
    `-k ${folder}`,
    "-c listen_addresses=127.0.0.1",
    // Nothing here outlives the leg: no fsync, no full pages, commits not waited for.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  const moved = offset ? { ...process.env, LD_PRELOAD: libfaketime(), FAKETIME: offset } : process.env;
  step("start", path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(folder, "server.log"), "-o", settings, "-w", "start"], moved);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(
    `[${label}] a throwaway PostgreSQL ${path.basename(path.dirname(bin))}${offset ? ` under faketime ${offset}` : ""} on port ${port}`,
  );
  return {
    url,
    /** Stops the server and removes its folder; a failure is reported, never thrown (the leg's result stands). */
    stop() {
      try {
        step("stop", path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
        // The last backends may still be leaving files behind as the folder goes: a few tries.
        rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        console.warn(`[${label}] could not stop or remove the throwaway PostgreSQL in ${folder}: ${error.message}`);
      }
    },
  };
}
