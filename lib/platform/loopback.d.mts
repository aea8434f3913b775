// Types for loopback.mjs (tsconfig has allowJs off).
export function isLoopbackHost(host: string | undefined | null): boolean;
export const EMBEDDED_DEFAULT_HOST: "127.0.0.1";
