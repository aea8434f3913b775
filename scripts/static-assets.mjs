// Next's build output under /_next/static, served precompressed. `next start` gzips each of these
// files again on every request (its compression has no brotli); a CDN or nginx's gzip_static
// serves them compressed once, ahead of time. scripts/server.mjs does the same: brotli (about 14
// percent smaller than gzip for this app's JavaScript, so every first visit downloads less) or
// gzip, written beside each file when the server starts, and no compression work per request.
// Anything it cannot serve this way (no precompressed copy, a range request, a client that accepts
// neither encoding) goes on to Next's handler unchanged.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

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
  { name: "br", suffix: ".br", compress: (buf) => brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }) },
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
    const size = fs.statSync(file).size;
    if (size < MIN_BYTES) continue;
    const sourceTime = mtimeMs(file);
    for (const encoding of ENCODINGS) {
      const copyTime = mtimeMs(file + encoding.suffix);
      if (copyTime === null || copyTime < sourceTime) work.push({ file, encoding });
    }
  }
  let written = 0;
  const next = async () => {
    for (let job = work.shift(); job; job = work.shift()) {
      try {
        const compressed = await job.encoding.compress(fs.readFileSync(job.file));
        // Written under a temporary name and renamed, so a request never sees half a file.
        const target = job.file + job.encoding.suffix;
        fs.writeFileSync(`${target}.tmp`, compressed);
        fs.renameSync(`${target}.tmp`, target);
        written++;
      } catch (error) {
        onError(error, job.file);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, next));
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
 * The response headers Next's config adds to a path (next.config.ts `headers()`, as the build
 * wrote them to routes-manifest.json), so these responses carry the same security headers as the
 * ones Next sends. Null when a rule has conditions this server does not evaluate (`has`/`missing`):
 * then every request goes to Next instead.
 */
export function readConfiguredHeaders(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, "routes-manifest.json"), "utf8"));
  const rules = manifest.headers ?? [];
  if (rules.some((rule) => rule.has || rule.missing)) return null;
  const compiled = rules.map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  return (pathname) => compiled.filter((rule) => rule.regex.test(pathname)).flatMap((rule) => rule.headers);
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
 * returns false and leaves the request to Next.
 */
export function createStaticAssetHandler({ distDir, headersFor }) {
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
    const etag = `W/"${createHash("sha1").update(`${file}:${encoding.name}:${stat.size}:${stat.mtimeMs}`).digest("base64url").slice(0, 16)}"`;
    const headers = {
      "Content-Type": contentType,
      "Content-Encoding": encoding.name,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
      ETag: etag,
    };
    for (const { key, value } of headersFor(new URL(req.url ?? "/", "http://localhost").pathname)) headers[key] = value;
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
