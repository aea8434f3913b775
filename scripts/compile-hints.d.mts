export const COMPILE_HINT: string;
export function startupScripts(distDir: string): string[];
export function addCompileHints(distDir: string, options?: { onError?: (error: Error, file: string) => void }): number;
