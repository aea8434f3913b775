// The classroom's media server: Debian's Janus (videoroom plugin, an SFU), started by `npm start`,
// the e2e servers and the Jest tests that need one. Each start writes its own config folder into a
// fresh temporary directory: loopback only, the HTTP API on a free port, signed tokens
// (token_auth_secret) for every request, and an admin_key without which no room can be created.
// The app holds both secrets (JANUS_TOKEN_SECRET, JANUS_ADMIN_KEY); the browser gets only a
// per-person token that expires with its class.
//   node scripts/janus.mjs   starts one in the foreground and prints its env
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { canInstallPackages, findCommand, installDebianPackages } from "./debian-packages.mjs";
import { freePort } from "./free-port.mjs";

/** Janus' own modules: /usr/lib/<multiarch>/janus (the Debian package), or JANUS_LIB_DIR. */
export function janusLibDir(env = process.env) {
  if (env.JANUS_LIB_DIR) return env.JANUS_LIB_DIR;
  const candidates = ["/usr/lib/janus", ...safeList("/usr/lib").map((d) => path.join("/usr/lib", d, "janus"))];
  return candidates.find((dir) => existsSync(path.join(dir, "plugins", "libjanus_videoroom.so"))) ?? null;
}

function safeList(dir) {
  try {
    return readdirSync(dir).filter((name) => name.endsWith("-linux-gnu"));
  } catch {
    return [];
  }
}

/**
 * The janus binary, installing Debian's `janus` when it is missing and we may (root on Debian), as
 * ensure-chromium.mjs does; otherwise a reason, and the product offers the outside link instead.
 */
export function ensureJanus(env = process.env) {
  if (env.JANUS_BIN) return existsSync(env.JANUS_BIN) ? { bin: env.JANUS_BIN } : { reason: `JANUS_BIN=${env.JANUS_BIN} does not exist` };
  let bin = findCommand("janus", env);
  if (!bin && canInstallPackages()) {
    console.log("[janus] janus is missing: installing the Debian packages janus and janus-tools.");
    try {
      installDebianPackages(["janus", "janus-tools"], "janus");
    } catch (error) {
      return { reason: `apt-get could not install janus (${error.message})` };
    }
    bin = findCommand("janus", env);
  }
  if (!bin) return { reason: "janus is not installed (Debian: `apt-get install janus`) and this process may not install it" };
  if (!janusLibDir(env)) return { reason: "janus is installed but its videoroom plugin was not found (set JANUS_LIB_DIR)" };
  return { bin };
}

const UNUSED_PLUGINS = [
  "audiobridge",
  "duktape",
  "echotest",
  "lua",
  "nosip",
  "recordplay",
  "sip",
  "streaming",
  "textroom",
  "videocall",
  "voicemail",
];
const UNUSED_TRANSPORTS = ["mqtt", "nanomsg", "pfunix", "rabbitmq", "websockets"];
const lib = (names) => names.map((n) => `libjanus_${n}.so`).join(",");

/** The config folder's files, as text (written by writeJanusConfig; read by its test). */
export function janusConfigFiles({ dir, libDir, port, tokenSecret, adminKey, host = "127.0.0.1" }) {
  return {
    "janus.jcfg": `general: {
  configs_folder = "${dir}"
  plugins_folder = "${libDir}/plugins"
  transports_folder = "${libDir}/transports"
  events_folder = "${libDir}/events"
  loggers_folder = "${libDir}/loggers"
  log_to_stdout = true
  debug_level = 3
  server_name = "classroom"
  session_timeout = 60
  # Every Janus request carries an HMAC-SHA1 signed token minted by the app; no admin API is needed.
  token_auth = true
  token_auth_secret = "${tokenSecret}"
  admin_secret = "${adminKey}"
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  ${host === "127.0.0.1" ? 'ice_enforce_list = "lo"' : "# all interfaces (a deployment adds its TURN server here)"}
  ice_lite = false
}
plugins: {
  disable = "${lib(UNUSED_PLUGINS)}"
}
transports: {
  disable = "${lib(UNUSED_TRANSPORTS)}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
    "janus.transport.http.jcfg": `general: {
  json = "plain"
  base_path = "/janus"
  http = true
  port = ${port}
  ip = "${host}"
  https = false
}
admin: {
  admin_http = false
}
cors: {
}
`,
    "janus.plugin.videoroom.jcfg": `general: {
  # Rooms are made by the app only (it holds the key), named by strings (one per session).
  admin_key = "${adminKey}"
  lock_rtp_forward = true
  string_ids = true
}
`,
  };
}

/** Writes a config folder; returns its path. */
export function writeJanusConfig(options) {
  mkdirSync(options.dir, { recursive: true });
  for (const [name, text] of Object.entries(janusConfigFiles(options))) writeFileSync(path.join(options.dir, name), text, { mode: 0o600 });
  return options.dir;
}

/** Is a Janus answering `info` at this URL? */
export async function isJanusUp(url, timeoutMs = 1000) {
  try {
    const response = await fetch(`${url}/info`, { signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.json();
    return body.janus === "server_info";
  } catch {
    return false;
  }
}

/**
 * Starts Janus with a config folder of its own. Resolves to { url, env, stop } once its HTTP API
 * answers, or to { reason } when it cannot run here (the product then offers the outside link).
 * A Janus that dies afterwards is started again on the same port with the same secrets, after
 * `restartDelayMs` (JANUS_RESTART_DELAY_MS; rooms are made again by the app at the next join; the
 * classroom pages reconnect by themselves). With JANUS_PID_FILE set, the running Janus' process id is
 * written there at each start (the e2e server's: e2e/classroom-reconnect.spec.ts kills it mid-class).
 */
export async function startJanus({
  env = process.env,
  log = (line) => console.log(line),
  readyTimeoutMs = 15_000,
  restartDelayMs = Number(env.JANUS_RESTART_DELAY_MS) || 1000,
} = {}) {
  const found = ensureJanus(env);
  if (!found.bin) return { reason: found.reason };
  const libDir = janusLibDir(env);
  const port = Number(env.JANUS_PORT) || (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), "janus-classroom-"));
  const tokenSecret = randomBytes(24).toString("hex");
  const adminKey = randomBytes(24).toString("hex");
  writeJanusConfig({ dir, libDir, port, tokenSecret, adminKey });
  const url = `http://127.0.0.1:${port}/janus`;
  let output = "";
  let stopping = false;
  let child = null;
  let exited = null;
  const spawnJanus = () => {
    exited = null;
    child = spawn(found.bin, ["--configs-folder", dir, "--log-stdout", "--disable-colors"], { stdio: ["ignore", "pipe", "pipe"] });
    if (env.JANUS_PID_FILE && child.pid) writeFileSync(env.JANUS_PID_FILE, `${child.pid}\n`);
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.once("exit", (code, signal) => {
      exited = code ?? signal;
      // A clean exit (SIGTERM to the whole process group at shutdown) is not a crash.
      if (stopping || !started || code === 0) return;
      log(`[janus] media server exited (${exited}); starting it again on ${url}`);
      setTimeout(() => {
        if (!stopping) spawnJanus();
      }, restartDelayMs).unref();
    });
  };
  let started = false;
  spawnJanus();
  // Never outlives the process that started it (a test runner, `npm start`).
  process.once("exit", () => child?.kill("SIGKILL"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && exited === null) {
    if (await isJanusUp(url, 500)) {
      started = true;
      log(`[janus] media server up at ${url} (config ${dir})`);
      const stop = () =>
        new Promise((resolve) => {
          stopping = true;
          if (exited !== null) return resolve(cleanup());
          child.once("exit", () => resolve(cleanup()));
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 3000).unref();
        });
      return {
        url,
        port,
        /** The running Janus' process id (a restart changes it). */
        get pid() {
          return child.pid;
        },
        env: { JANUS_URL: url, JANUS_TOKEN_SECRET: tokenSecret, JANUS_ADMIN_KEY: adminKey },
        stop,
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stopping = true;
  child.kill("SIGKILL");
  cleanup();
  return {
    reason: `janus did not answer within ${readyTimeoutMs / 1000} s${exited !== null ? ` (exited: ${exited})` : ""}: ${output.slice(-600)}`,
  };
}

/**
 * For `npm start` and `npm run dev`: the media server the classroom uses. JANUS_URL set (with its two
 * secrets) means one of the operator's; CLASSROOM_MODE=outside-link means none; otherwise one is
 * started here. Says what it decided; never fails the start (classes then use the outside link).
 */
export async function startClassroomMedia(env = process.env, log = (line) => console.log(line)) {
  if (env.CLASSROOM_MODE === "outside-link") {
    log("[start] classroom: outside links (CLASSROOM_MODE=outside-link); no media server started");
    return { env: {} };
  }
  if (env.JANUS_URL) {
    log(`[start] classroom: the media server at ${env.JANUS_URL} (JANUS_URL)`);
    return { env: {} };
  }
  const server = await startJanus({ env, log });
  if (!server.url) {
    log(`[start] classroom: NO media server, ${server.reason}. Classes open the outside link (MEETING_BASE_URL) instead.`);
    return { env: {} };
  }
  log(`[start] classroom: in-product, media server (Janus) on ${server.url}`);
  return { env: server.env, server };
}

async function main() {
  const janus = await startJanus();
  if (!janus.url) {
    console.error(`[janus] not started: ${janus.reason}`);
    process.exit(1);
  }
  for (const [key, value] of Object.entries(janus.env)) console.log(`${key}=${value}`);
  const stop = async () => {
    await janus.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
