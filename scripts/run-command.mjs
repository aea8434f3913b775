// Runs a command with inherited stdio and resolves with its exit code. SIGINT and
// SIGTERM sent to this process are passed on, so the child (next, jest,
// playwright) shuts down cleanly and this process exits after it, with its code.
import { spawn } from "node:child_process";
import { constants } from "node:os";

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      // Killed by a signal: the shell convention 128 + signal number.
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}
