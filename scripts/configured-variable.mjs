// A variable as the app will see it: the environment first, then the .env files Next loads.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

const ENV_FILES = [".env.production.local", ".env.development.local", ".env.local", ".env.production", ".env.development", ".env"];

export function configuredVariable(root, name, env = process.env) {
  // Set, even empty (the e2e servers), the environment decides: Next does not let a .env file override it.
  if (env[name] !== undefined) return env[name];
  for (const file of ENV_FILES) {
    try {
      const value = parseEnv(readFileSync(path.join(root, file), "utf8"))[name];
      if (value) return value;
    } catch {
      // No such file.
    }
  }
  return "";
}
