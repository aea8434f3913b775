#!/usr/bin/env node
// First-load JavaScript per route of a running, built Next app.
//
// Next 16 with Turbopack no longer prints "First Load JS" in `next build`, so this measures what a
// browser gets on a cold load: it fetches the page's HTML, takes every <script src> (and every
// <link rel="preload"|"modulepreload" as="script">) in it, fetches each once and gzips it at
// level 9. Inline scripts are counted apart: the RSC payload (`self.__next_f.push(...)`) and any
// other inline JavaScript; JSON-LD and other non-JavaScript <script type>s are left out.
//
//   node bench/first-load-js.mjs --base http://localhost:3200 [--routes /,/courses] \
//        [--bare http://localhost:3201] [--json]
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

import { defaultRoutes, kb, listArg, parseArgs, table, times } from "./lib.mjs";

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

const JS_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

function attr(tag, name) {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  if (!m) return tag.match(new RegExp(`\\s${name}(?=[\\s>/])`, "i")) ? "" : undefined;
  return (m[1] ?? m[2] ?? m[3]).replace(/&amp;/g, "&");
}

/** Scripts of an HTML document: external (src, preload links) and inline, in document order. */
export function scriptsOf(html) {
  const external = [];
  const inline = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m; (m = re.exec(html));) {
    const tag = `<script ${m[1]}>`;
    const type = (attr(tag, "type") ?? "").toLowerCase();
    const src = attr(tag, "src");
    if (!JS_TYPES.has(type)) continue; // JSON-LD, importmap, templates: not executed JavaScript
    // <script nomodule> (Next's polyfills) is skipped by every browser that runs modules.
    if (attr(tag, "nomodule") !== undefined) continue;
    if (src) external.push({ src, how: "script" });
    else if (m[2].trim()) inline.push({ kind: /self\.__next_f\s*[.=]/.test(m[2]) ? "rsc" : "other", text: m[2] });
  }
  const linkRe = /<link\b[^>]*>/gi;
  for (let m; (m = linkRe.exec(html));) {
    const tag = m[0];
    const rel = (attr(tag, "rel") ?? "").toLowerCase();
    const as = (attr(tag, "as") ?? "").toLowerCase();
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload" || (rel === "preload" && as === "script")) external.push({ src: href, how: rel });
  }
  return { external, inline };
}

const fetchCache = new Map();
async function fetchBytes(url) {
  if (!fetchCache.has(url)) {
    fetchCache.set(
      url,
      (async () => {
        const res = await fetch(url, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(30_000) });
        return { status: res.status, buf: Buffer.from(await res.arrayBuffer()) };
      })(),
    );
  }
  return fetchCache.get(url);
}

/** Measures one route. Non-2xx pages are measured too (their status is reported). */
export async function measureRoute(base, route, headers = {}, signedInMarker = null) {
  const url = new URL(route, base).href;
  // redirect: "manual" for signed-in pages: a lost session would otherwise measure the sign-up page.
  const res = await fetch(url, {
    headers: { accept: "text/html", ...headers },
    redirect: headers.cookie ? "manual" : "follow",
    signal: AbortSignal.timeout(60_000),
  });
  const html = await res.text();
  const { external, inline } = scriptsOf(html);

  const seen = new Set();
  const scripts = [];
  for (const s of external) {
    const abs = new URL(s.src, res.url).href;
    if (seen.has(abs)) continue;
    seen.add(abs);
    const { status, buf } = await fetchBytes(abs);
    scripts.push({ src: new URL(abs).pathname, how: s.how, status, bytes: buf.length, gzip: gzipSize(buf) });
  }
  const sum = (xs, k) => xs.reduce((a, x) => a + x[k], 0);
  const inlineGroup = (kind) => {
    const parts = inline.filter((s) => kind === "all" || s.kind === kind).map((s) => s.text);
    const joined = Buffer.from(parts.join("\n"));
    return { count: parts.length, bytes: joined.length, gzip: parts.length ? gzipSize(joined) : 0 };
  };
  const htmlBuf = Buffer.from(html);
  return {
    route,
    url,
    finalUrl: res.url,
    status: res.status,
    scripts,
    js: { count: scripts.length, bytes: sum(scripts, "bytes"), gzip: sum(scripts, "gzip") },
    inlineRsc: inlineGroup("rsc"),
    inlineOther: inlineGroup("other"),
    html: { bytes: htmlBuf.length, gzip: gzipSize(htmlBuf) },
    canonical: html.match(/<link[^>]+rel="canonical"[^>]*href="([^"]+)"/i)?.[1] ?? null,
    // A page can render its signed-out version with a 200 (/share-a-message): the caller's marker tells.
    ...(signedInMarker ? { signedIn: html.includes(signedInMarker) } : {}),
  };
}

/**
 * Measures the app's routes and, when given, the bare page's "/". Each route's `vsBare` is its
 * external first-load JS (gzipped) over the bare "/"'s, the framework's floor; the requirement
 * allows 1.15 for "/" (`homeVsBare`).
 */
export async function firstLoadJs({ base, routes, bareBase, headers, signedInMarker }) {
  const measured = [];
  for (const route of routes) {
    try {
      measured.push(await measureRoute(base, route, headers, signedInMarker));
    } catch (err) {
      measured.push({ route, url: new URL(route, base).href, error: String(err?.message ?? err) });
    }
  }
  const bare = bareBase ? await measureRoute(bareBase, "/") : null;
  const app = measured.map((r) => ({ ...r, vsBare: bare && r.js && bare.js.gzip > 0 ? r.js.gzip / bare.js.gzip : null }));
  const ratio = app.find((r) => r.route === "/")?.vsBare ?? null;
  return { app, bare, homeVsBare: { ratio, limit: 1.15, pass: ratio === null ? null : ratio <= 1.15 } };
}

export function formatFirstLoadJs(result) {
  const rows = [];
  const row = (label, r, vsBare) =>
    r.error
      ? [label, "ERR", null, null, null, null, null, null, null]
      : [
          label,
          r.status,
          r.js.count,
          kb(r.js.gzip),
          times(vsBare),
          kb(r.js.bytes),
          kb(r.inlineRsc.gzip),
          kb(r.inlineOther.gzip),
          kb(r.html.gzip),
        ];
  for (const r of result.app) rows.push(row(r.route, r, r.vsBare));
  if (result.bare) rows.push(row("bare /", result.bare, 1));
  const lines = [
    "First-load JavaScript (KB; gzip -9; external = <script src> + script preloads in the HTML; vs bare = js gz over the bare page's)",
    table(["route", "status", "files", "js gz", "vs bare", "js raw", "rsc inline gz", "other inline gz", "html gz"], rows),
  ];
  const { ratio, limit, pass } = result.homeVsBare;
  if (ratio !== null) lines.push(`app "/" / bare "/" first-load JS (gz): ${ratio.toFixed(3)}x (limit ${limit}x) ${pass ? "PASS" : "FAIL"}`);
  for (const r of result.app) if (r.error) lines.push(`  ${r.route}: ${r.error}`);
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2), ["json"]);
  if (!args.base) {
    console.error("usage: node bench/first-load-js.mjs --base URL [--routes /,/courses] [--bare URL] [--json]");
    process.exit(2);
  }
  // No top-level await: the module is also imported by Jest (test/bench-signed-in.test.ts), which compiles it to CommonJS.
  void firstLoadJs({ base: args.base, routes: listArg(args.routes) ?? defaultRoutes(), bareBase: args.bare }).then((result) =>
    console.log(args.json ? JSON.stringify(result, null, 2) : formatFirstLoadJs(result)),
  );
}
