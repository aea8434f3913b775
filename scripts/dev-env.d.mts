import type { embeddedAuthDefaults } from "./embedded-auth.mjs";

export function devEnvironment(
  root: string,
  baseEnv?: Record<string, string | undefined>,
): { env: Record<string, string | undefined>; port: string; auth: ReturnType<typeof embeddedAuthDefaults> };
