// @machine-clock: compares the clock with file modification times, which faketime does not move
// (scripts/test-unit.mjs keeps this file out of the other clocks' legs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { createStaticAssetHandler, loadConfiguredHeaders, pickEncoding, precompressStatic } from "./static-assets.mjs";

const SCRIPT = `globalThis.chunk = ${JSON.stringify("export const answer = 42; ".repeat(200))};`;
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** A build folder as `next build` leaves it: static files and the routes manifest. */
function makeDist() {
  const distDir = mkdtempSync(path.join(tmpdir(), "static-assets-"));
  mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
  writeFileSync(path.join(distDir, "static", "chunks", "app.js"), SCRIPT);
  writeFileSync(path.join(distDir, "static", "chunks", "tiny.js"), "1;");
  writeFileSync(path.join(distDir, "static", "chunks", "font.woff2"), Buffer.alloc(4096, 7));
  writeFileSync(path.join(distDir, "secret.txt"), "outside static ".repeat(200));
  writeFileSync(
    path.join(distDir, "routes-manifest.json"),
    JSON.stringify({ headers: [{ source: "/:path*", headers: SECURITY_HEADERS, regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$" }] }),
  );
  return distDir;
}

/**
 * The handler in a real server, after the configured headers as scripts/server.mjs does; what it
 * leaves to Next answers 418 here, so the tests can tell.
 */
async function serve(distDir: string) {
  const setConfiguredHeaders = loadConfiguredHeaders(distDir)!;
  const handle = createStaticAssetHandler({ distDir });
  const server = http.createServer((req, res) => {
    setConfiguredHeaders(res, req.url);
    if (!handle(req, res)) res.writeHead(418).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

/** Raw request (fetch would decode the body and hide Content-Encoding handling). */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part) => parts.push(part));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed static assets", () => {
  let distDir: string;
  let server: http.Server;
  let base: string;

  beforeEach(async () => {
    distDir = makeDist();
    expect(await precompressStatic(path.join(distDir, "static"))).toBe(2);
    ({ server, base } = await serve(distDir));
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(distDir, { recursive: true, force: true });
  });

  it("answers brotli when the browser accepts it, with the file's own bytes once decoded", async () => {
    const res = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("application/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("carries the security headers next.config.ts gives every response", async () => {
    const res = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
  });

  it("answers gzip to a client without brotli, and leaves a client that accepts neither to Next", async () => {
    const gz = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    expect((await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "identity" })).status).toBe(418);
    expect((await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br;q=0, gzip;q=0" })).status).toBe(418);
  });

  it("answers HEAD without a body and a matching If-None-Match with 304", async () => {
    const head = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const again = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br", "if-none-match": String(head.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("leaves to Next what it has no copy of: tiny files, binary formats, ranges, other methods, other paths", async () => {
    const br = { "accept-encoding": "br" };
    expect((await get(`${base}/_next/static/chunks/tiny.js`, br)).status).toBe(418);
    expect((await get(`${base}/_next/static/chunks/font.woff2`, br)).status).toBe(418);
    expect((await get(`${base}/_next/static/chunks/missing.js`, br)).status).toBe(418);
    expect((await get(`${base}/_next/static/chunks/app.js`, { ...br, range: "bytes=0-10" })).status).toBe(418);
    expect((await get(`${base}/_next/static/chunks/app.js`, br, "POST")).status).toBe(418);
    expect((await get(`${base}/courses`, br)).status).toBe(418);
  });

  it("never reads outside the static folder", async () => {
    const br = { "accept-encoding": "br" };
    await precompressStatic(distDir); // gives secret.txt a .br copy, the worst case
    for (const attempt of [
      "/_next/static/../secret.txt",
      "/_next/static/%2e%2e/secret.txt",
      "/_next/static/chunks/%2E%2E/%2E%2E/secret.txt",
      "/_next/static/%E0%A4%A",
    ]) {
      const res = await get(`${base}${attempt}`, br);
      expect(res.status).toBe(418);
    }
  });

  it("recompresses a file rebuilt in place, and until then leaves it to Next rather than serve the old copy", async () => {
    const file = path.join(distDir, "static", "chunks", "app.js");
    const changed = SCRIPT.replace("42", "43");
    writeFileSync(file, changed);
    const before = new Date(Date.now() - 5_000);
    for (const suffix of [".br", ".gz"]) utimesSync(file + suffix, before, before);
    expect((await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br" })).status).toBe(418);

    expect(await precompressStatic(path.join(distDir, "static"))).toBe(2);
    const res = await get(`${base}/_next/static/chunks/app.js`, { "accept-encoding": "br" });
    expect(brotliDecompressSync(res.body).toString()).toBe(changed);
    // A second pass finds everything current and writes nothing.
    expect(await precompressStatic(path.join(distDir, "static"))).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(changed);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")?.name).toBe("br");
    expect(pickEncoding("gzip;q=1.0, br;q=0")?.name).toBe("gzip");
    expect(pickEncoding("GZIP")?.name).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe("loadConfiguredHeaders", () => {
  it("refuses conditional header rules, which this server does not evaluate", () => {
    const distDir = mkdtempSync(path.join(tmpdir(), "static-assets-"));
    try {
      writeFileSync(
        path.join(distDir, "routes-manifest.json"),
        JSON.stringify({
          headers: [{ source: "/:path*", headers: SECURITY_HEADERS, regex: "^/.*$", has: [{ type: "host", value: "a.example" }] }],
        }),
      );
      expect(loadConfiguredHeaders(distDir)).toBeNull();
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
