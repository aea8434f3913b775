import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";

import { addCompileHints, COMPILE_HINT, startupScripts } from "./compile-hints.mjs";
import { precompressStatic } from "./static-assets.mjs";

const RUNTIME = `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([${JSON.stringify("react-dom ".repeat(300))}]);`;
const ROUTE_CHUNK = "globalThis.routeChunk = 1;";

/** A build folder as `next build` leaves it: the build manifest and its static chunks. */
function makeDist(rootMainFiles: unknown[] = ["static/chunks/runtime.js", "static/chunks/framework.js"]) {
  const distDir = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  const chunks = path.join(distDir, "static", "chunks");
  mkdirSync(chunks, { recursive: true });
  writeFileSync(path.join(chunks, "runtime.js"), RUNTIME);
  writeFileSync(path.join(chunks, "framework.js"), RUNTIME);
  writeFileSync(path.join(chunks, "route.js"), ROUTE_CHUNK);
  writeFileSync(path.join(distDir, "server.js"), "secret();");
  writeFileSync(
    path.join(distDir, "build-manifest.json"),
    JSON.stringify({ rootMainFiles, polyfillFiles: ["static/chunks/polyfills.js"] }),
  );
  return distDir;
}

const read = (distDir: string, file: string) => readFileSync(path.join(distDir, file), "utf8");

describe("compile hints on the start-up scripts", () => {
  let distDir: string;
  afterEach(() => rmSync(distDir, { recursive: true, force: true }));

  it("puts the hint at the very top of each of the manifest's rootMainFiles, and nowhere else", () => {
    distDir = makeDist();
    expect(addCompileHints(distDir)).toBe(2);
    expect(read(distDir, "static/chunks/runtime.js")).toBe(COMPILE_HINT + RUNTIME);
    expect(read(distDir, "static/chunks/framework.js")).toBe(COMPILE_HINT + RUNTIME);
    // A route's own chunk may never run on a given page: compiling it whole would be waste.
    expect(read(distDir, "static/chunks/route.js")).toBe(ROUTE_CHUNK);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    expect(readdirSync(path.join(distDir, "static", "chunks")).sort()).toEqual(["framework.js", "route.js", "runtime.js"]);
  });

  it("adds it once, however often the server starts", () => {
    distDir = makeDist();
    addCompileHints(distDir);
    expect(addCompileHints(distDir)).toBe(0);
    expect(read(distDir, "static/chunks/runtime.js")).toBe(COMPILE_HINT + RUNTIME);
  });

  it("is in the precompressed copies made after it", async () => {
    distDir = makeDist();
    addCompileHints(distDir);
    await precompressStatic(path.join(distDir, "static"));
    const copy = readFileSync(path.join(distDir, "static", "chunks", "runtime.js.br"));
    expect(brotliDecompressSync(copy).toString()).toBe(COMPILE_HINT + RUNTIME);
  });

  it("makes older precompressed copies stale, so they are written again with it", async () => {
    distDir = makeDist();
    await precompressStatic(path.join(distDir, "static"));
    // The hint lands at least a tick after the copies (file times can be coarse).
    await new Promise((resolve) => setTimeout(resolve, 20));
    addCompileHints(distDir);
    expect(await precompressStatic(path.join(distDir, "static"))).toBe(4);
    const copy = readFileSync(path.join(distDir, "static", "chunks", "framework.js.br"));
    expect(brotliDecompressSync(copy).toString().startsWith(COMPILE_HINT)).toBe(true);
  });

  it("touches nothing outside static/, nor names that are not scripts", () => {
    distDir = makeDist(["static/chunks/runtime.js", "server.js", "static/../server.js", "static/chunks/styles.css", 42, null]);
    writeFileSync(path.join(distDir, "static", "chunks", "styles.css"), "a{}");
    expect(startupScripts(distDir)).toEqual([path.join(distDir, "static", "chunks", "runtime.js")]);
    expect(addCompileHints(distDir)).toBe(1);
    expect(read(distDir, "server.js")).toBe("secret();");
    expect(read(distDir, "static/chunks/styles.css")).toBe("a{}");
  });

  it("does nothing without a build manifest", () => {
    distDir = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
    expect(startupScripts(distDir)).toEqual([]);
    expect(addCompileHints(distDir)).toBe(0);
  });

  it("reports a file it cannot change and goes on with the others", () => {
    distDir = makeDist(["static/chunks/missing.js", "static/chunks/runtime.js"]);
    const failures: string[] = [];
    expect(addCompileHints(distDir, { onError: (_error, file) => failures.push(path.basename(file)) })).toBe(1);
    expect(failures).toEqual(["missing.js"]);
    expect(read(distDir, "static/chunks/runtime.js")).toBe(COMPILE_HINT + RUNTIME);
  });
});
