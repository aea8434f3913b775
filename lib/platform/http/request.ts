import "server-only";

import { env } from "@/lib/platform/env";
import { clientIp } from "@/lib/platform/http/client-ip";
import { AppError } from "@/lib/platform/errors";

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON body with a size limit: 413 past it, 400 for anything that is not
 * JSON or that PostgreSQL could not store (NUL characters, lone surrogates).
 */
export async function readJsonBody(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("too-large", `The request is too large (limit ${maxBytes} bytes).`);
  const text = await readTextWithLimit(request, maxBytes);
  if (text.trim() === "") throw new AppError("invalid", "The request body is empty; send JSON.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON.");
  }
  if (!isStorableJson(value)) throw new AppError("invalid", "The request contains characters that cannot be stored.");
  return value;
}

async function readTextWithLimit(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("too-large", `The request is too large (limit ${maxBytes} bytes).`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

const MAX_JSON_DEPTH = 32;

/** PostgreSQL text and jsonb reject \u0000 and unpaired surrogates; deep nesting is refused too. */
function isStorableJson(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (typeof value === "string") return !value.includes("\u0000") && value.isWellFormed();
  if (Array.isArray(value)) return value.every((item) => isStorableJson(item, depth + 1));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(([key, item]) => isStorableJson(key, depth + 1) && isStorableJson(item, depth + 1));
  }
  return true;
}

/**
 * Refuses cross-site state changes: a browser always sends Origin on a POST from
 * a page, and it must be ours. Requests without Origin (servers, curl) pass.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin === null) {
    if (request.headers.get("sec-fetch-site") === "cross-site") throw new AppError("forbidden", "Cross-site requests are not allowed.");
    return;
  }
  const allowed = new Set([new URL(env.APP_URL).origin, new URL(request.url).origin]);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (host) {
    const proto = request.headers.get("x-forwarded-proto") ?? new URL(request.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  if (!allowed.has(origin)) throw new AppError("forbidden", "Cross-site requests are not allowed.");
}

/** Request metadata stored beside leads and events. Behind a proxy the first forwarded address is the client. */
export function requestMetadata(request: Request) {
  return {
    ipAddress: clientIp(request.headers)?.slice(0, 64) ?? null,
    userAgent: request.headers.get("user-agent")?.slice(0, 512) ?? null,
    referer: request.headers.get("referer")?.slice(0, 2048) ?? null,
  };
}
