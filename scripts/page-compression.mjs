// The compression scripts/server.mjs applies to everything Next answers (next.config.ts sets
// compress: false): the `compression` middleware (brotli where the browser accepts it, else gzip),
// plus one saving for Next's cached answers (issue 30).
//
// A prerendered or ISR page (and its RSC payload) is served from Next's cache in one
// `res.end(body)`, the same string on every request until the page is revalidated. The middleware
// would start a new brotli stream for each request and compress the whole page again: on `/`
// (65-70 KB of HTML) that was about 0.65 ms of 4.5 ms of server CPU per request, and under load the
// streams' native buffers (one per answer in flight) added garbage-collection time on top. Here the
// compressed bytes are kept per body and encoding, so each version of a page is compressed once.
// The body itself is the key: a revalidated page is a new body and is compressed anew, and two
// equal bodies share their bytes, so nothing can serve a stale copy.
//
// Everything else (streamed pages, route handlers, HEAD, a Range, a Cache-Control: no-transform,
// any answer that is not one `end` with a string) is the middleware's, unchanged. Both paths pick
// the encoding with the middleware's own negotiation and settings, so the bytes on the wire are
// what the middleware alone would send.
import { createRequire } from "node:module";
import zlib from "node:zlib";

import compression from "compression";

const require = createRequire(import.meta.url);
// The middleware's own copy of negotiator, so both paths choose the same encoding for a request.
const Negotiator = createRequire(require.resolve("compression"))("negotiator");

/** As the middleware negotiates (compression/index.js): these encodings, brotli then gzip preferred. */
const SUPPORTED_ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED_ENCODINGS = ["br", "gzip"];
/** The middleware's defaults: nothing under 1 KB; brotli at quality 4, gzip at zlib's default level. */
const THRESHOLD_BYTES = 1024;
const COMPRESSORS = {
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => zlib.gzipSync(body),
};

/** What the kept copies may hold at most (bodies and their compressed bytes), oldest use first out. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Compressed copies of bodies, by body and encoding, least recently used first out once they hold
 * more than `maxBytes`. A body is Next's cached string itself: looking it up hashes it once (V8
 * keeps a string's hash) and compares it by identity on every later request.
 */
export class CompressedBodies {
  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    /** body -> Map(encoding -> Buffer); Map order is the use order. */
    this.entries = new Map();
    /** How many compressions were done (the tests read it). */
    this.compressions = 0;
  }

  get(body, encoding) {
    const copies = this.entries.get(body);
    if (!copies) return undefined;
    // Most recently used: to the end.
    this.entries.delete(body);
    this.entries.set(body, copies);
    return copies.get(encoding);
  }

  /** The compressed copy of `body` in `encoding`, made now if not kept. */
  compress(body, encoding) {
    const kept = this.get(body, encoding);
    if (kept) return kept;
    const compressed = COMPRESSORS[encoding](body);
    this.compressions++;
    let copies = this.entries.get(body);
    if (!copies) {
      copies = new Map();
      this.entries.set(body, copies);
      this.bytes += body.length;
    }
    copies.set(encoding, compressed);
    this.bytes += compressed.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === body) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length;
      for (const buffer of old.values()) this.bytes -= buffer.length;
    }
    return compressed;
  }
}

/** The encoding the middleware would answer `req` with, when it is one kept here (br or gzip). */
function keptEncoding(req) {
  const method = new Negotiator(req).encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS);
  return method === "br" || method === "gzip" ? method : null;
}

/**
 * Whether this `end(body)` is one of Next's cached answers the kept copies can serve: a GET whose
 * whole body is this one string (nothing written before), from Next's cache (x-nextjs-cache: HIT,
 * STALE, MISS or REVALIDATED), that the middleware would compress (its filter: a compressible
 * Content-Type; no Content-Encoding yet, no Cache-Control: no-transform, 1 KB or more).
 */
function isCachedAnswer(req, res, body, wrote) {
  if (wrote || res.headersSent || req.method !== "GET" || req.headers.range) return false;
  if (typeof body !== "string" || body.length < THRESHOLD_BYTES) return false;
  if (!res.getHeader("x-nextjs-cache") || res.getHeader("Content-Encoding")) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  return compression.filter(req, res);
}

/**
 * The server's compression: `(req, res, next)`, as the middleware. `bodies` keeps the compressed
 * copies (one per process by default).
 */
export function createPageCompression({ bodies = new CompressedBodies() } = {}) {
  const compress = compression();
  return (req, res, next) =>
    compress(req, res, () => {
      // The middleware has wrapped write and end; a cached answer goes around its stream.
      const write = res.write;
      const end = res.end;
      let wrote = false;
      res.write = function (...args) {
        wrote = true;
        return write.apply(this, args);
      };
      res.end = function (body, ...rest) {
        const encoding = isCachedAnswer(req, res, body, wrote) ? keptEncoding(req) : null;
        if (!encoding) return end.call(this, body, ...rest);
        const compressed = bodies.compress(body, encoding);
        // Already encoded: the middleware adds Vary: Accept-Encoding and passes the bytes on as they are.
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Content-Length", compressed.length);
        const callback = rest.find((arg) => typeof arg === "function");
        return end.call(this, compressed, callback);
      };
      next();
    });
}
