import type { IncomingMessage, ServerResponse } from "node:http";

export const STATIC_PREFIX: string;
export function precompressStatic(staticDir: string, options?: { onError?: (error: Error, file: string) => void }): Promise<number>;
export function pickEncoding(acceptEncoding: string | undefined): { name: "br" | "gzip"; suffix: string } | null;
export function loadConfiguredHeaders(distDir: string): ((res: ServerResponse, url?: string) => void) | null;
export function createStaticAssetHandler(options: { distDir: string }): (req: IncomingMessage, res: ServerResponse) => boolean;
