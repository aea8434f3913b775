// Next's build output under /_next/static, served precompressed. `next start` gzips each of these
// files again on every request (its compression has no brotli); a CDN or nginx's gzip_static
// serves them compressed once, ahead of time. scripts/server.mjs does the same: brotli (about 14
// percent smaller than gzip for this app's JavaScript, so every first visit downloads less) or
// gzip, written beside each file when the server starts, and no compression work per request.
// Anything it cannot serve this way (no precompressed copy, a range request, a client that accepts
// neither encoding) goes on to Next's handler unchanged.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { writeFileAtomically } from "./write-file-atomically.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const STATIC_PREFIX = "/_next/static/";

/** The text formats Next emits under static/, with the Content-Type each is served as. */
const CONTENT_TYPES = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};
// Below a packet or so, compression saves nothing worth a file.
const MIN_BYTES = 1024;
/** Preferred first. */
const ENCODINGS = [
  {
    name: "br",
    suffix: ".br",
    compress: (buf) =>
      brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
  },
  { name: "gzip", suffix: ".gz", compress: (buf) => gzip(buf, { level: 9 }) },
];

function* compressibleFiles(dir) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* compressibleFiles(file);
    else if (CONTENT_TYPES[path.extname(entry.name)]) yield file;
  }
}

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `staticDir` that lacks a copy
 * at least as new as itself. Runs in zlib's thread pool, a few files at a time. Returns how many
 * copies it wrote; a file it cannot write (read-only disk) is skipped and served by Next as before.
 */
export async function precompressStatic(staticDir, { onError = () => {} } = {}) {
  const work = [];
  for (const file of compressibleFiles(staticDir)) {
    const { size, mtimeMs: sourceTime } = fs.statSync(file);
    if (size < MIN_BYTES) continue;
    for (const encoding of ENCODINGS) {
      const copyTime = mtimeMs(file + encoding.suffix);
      if (copyTime === null || copyTime < sourceTime) work.push({ file, encoding });
    }
  }
  let written = 0;
  const worker = async () => {
    for (let job = work.shift(); job; job = work.shift()) {
      try {
        const compressed = await job.encoding.compress(fs.readFileSync(job.file));
        writeFileAtomically(job.file + job.encoding.suffix, compressed);
        written++;
      } catch (error) {
        onError(error, job.file);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return written;
}

/** The encoding to answer with: brotli, else gzip, when the client accepts it (q > 0). */
export function pickEncoding(acceptEncoding) {
  const accepted = new Set();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  return ENCODINGS.find((e) => accepted.has(e.name)) ?? null;
}

/**
 * Next's config headers (next.config.ts `headers()`, as the build wrote them to
 * routes-manifest.json) as a function that sets them on a response for its request URL. The
 * server calls it first on every answer: Next sets them again on what it renders (the same values
 * replace these), and answers Next would send without them (its own redirects) or does not send
 * at all (the precompressed files below) get them too. Null when a rule has conditions this
 * server does not evaluate (`has`/`missing`): the server then leaves headers and static files to Next.
 */
export function loadConfiguredHeaders(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8"));
  const rules = manifest.headers ?? [];
  if (rules.some((rule) => rule.has || rule.missing)) return null;
  const compiled = rules.map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (res, url = "/") => {
    let pathname = "/";
    try {
      pathname = new URL(url, "http://localhost").pathname;
    } catch {
      // not a URL at all: matched as "/", which the catch-all rule covers
    }
    for (const rule of compiled) {
      if (!rule.regex.test(pathname)) continue;
      for (const { key, value } of rule.headers) res.setHeader(key, value);
    }
  };
}

/** The file under `staticDir` that a request path names, or null when it names none safely. */
function resolveStaticFile(staticDir, url) {
  const pathname = url.split("?")[0];
  if (!pathname.startsWith(STATIC_PREFIX)) return null;
  let relative;
  try {
    relative = decodeURIComponent(pathname.slice(STATIC_PREFIX.length));
  } catch {
    return null;
  }
  if (relative.includes("\0") || relative.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  const file = path.join(staticDir, relative);
  return file.startsWith(staticDir + path.sep) ? file : null;
}

/**
 * A request handler for /_next/static: answers from a precompressed copy and returns true, or
 * returns false and leaves the request to Next. It adds only what describes the file; the
 * configured headers are already on the response (loadConfiguredHeaders).
 */
export function createStaticAssetHandler({ distDir }) {
  const staticDir = path.resolve(distDir, "static");
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers.range) return false;
    const file = resolveStaticFile(staticDir, req.url ?? "");
    const contentType = file && CONTENT_TYPES[path.extname(file)];
    if (!contentType) return false;
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!encoding) return false;
    let stat;
    try {
      stat = fs.statSync(file + encoding.suffix);
      // A copy older than its file is stale (a rebuild in place): Next serves the file itself.
      if (stat.mtimeMs < fs.statSync(file).mtimeMs) return false;
    } catch {
      return false;
    }
    // Size and time of the copy, as Next's own ETags are made; the encoding tells the two copies apart.
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${encoding.name}"`;
    const headers = {
      "Content-Type": contentType,
      "Content-Encoding": encoding.name,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      ETag: etag,
    };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers["Content-Length"] = stat.size;
    res.writeHead(200, headers);
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    const stream = fs.createReadStream(file + encoding.suffix);
    stream.on("error", () => res.destroy());
    stream.pipe(res);
    return true;
  };
}
