import type { IncomingMessage, ServerResponse } from "node:http";

export const STATIC_PREFIX: string;
export function precompressStatic(staticDir: string, options?: { onError?: (error: Error, file: string) => void }): Promise<number>;
export function pickEncoding(acceptEncoding: string | undefined): { name: "br" | "gzip"; suffix: string } | null;
export function readConfiguredHeaders(distDir: string): ((pathname: string) => { key: string; value: string }[]) | null;
export function createStaticAssetHandler(options: {
  distDir: string;
  headersFor: (pathname: string) => { key: string; value: string }[];
}): (req: IncomingMessage, res: ServerResponse) => boolean;
