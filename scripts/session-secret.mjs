// The embedded default's session secret: made once, kept under .data/ so sessions
// survive restarts. Production sets NEXTAUTH_SECRET itself.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export function sessionSecret(root) {
  const file = path.join(root, ".data", "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
