/**
 * The bench's signed-in measurements (bench/README.md "Signed-in pages"): the session must reach
 * Chromium's cookie jar whatever the case of the header's name, and a page that renders its
 * signed-out version in place (/share-a-message answers 200 without a session) must be told apart.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { measureRoute } from "../bench/first-load-js.mjs";
import { splitSessionCookie } from "../bench/lib.mjs";
import { isJsCheckedSignedIn, LEARNER_ROUTE, SIGNED_IN_MARKER, signInLearner } from "../bench/signed-in.mjs";

describe("splitSessionCookie", () => {
  it("takes the session from a Cookie header in any case, leaving the other headers", () => {
    expect(splitSessionCookie({ Cookie: "next-auth.session-token=abc", "X-Other": "1" })).toEqual({
      cookie: "next-auth.session-token=abc",
      other: { "X-Other": "1" },
    });
    expect(splitSessionCookie({ cookie: "a=1" })).toEqual({ cookie: "a=1", other: {} });
    expect(splitSessionCookie({ COOKIE: "a=1", cookie: "b=2" }).cookie).toBe("a=1; b=2");
  });

  it("finds no session without a Cookie header", () => {
    expect(splitSessionCookie({ Accept: "text/html" })).toEqual({ cookie: null, other: { Accept: "text/html" } });
    expect(splitSessionCookie(undefined)).toEqual({ cookie: null, other: {} });
  });
});

describe("measureRoute with the signed-in marker", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // A page like /share-a-message: 200 either way, the account header only with the session.
    server = http.createServer((req, res) => {
      const signedIn = (req.headers.cookie ?? "").includes("next-auth.session-token=ok");
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<html><body>${signedIn ? '<div data-role="student">Ada</div>' : "<a href=/signin>Log in</a>"}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reports a 200 page rendered signed out as not signed in", async () => {
    const out = await measureRoute(base, "/share-a-message", { cookie: "next-auth.session-token=ended" }, SIGNED_IN_MARKER);
    expect(out.status).toBe(200);
    expect(out.signedIn).toBe(false);
  });

  it("reports the page with the account header as signed in", async () => {
    const out = await measureRoute(base, "/share-a-message", { cookie: "next-auth.session-token=ok" }, SIGNED_IN_MARKER);
    expect(out.signedIn).toBe(true);
  });
});

describe("signInLearner", () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  beforeAll(async () => {
    // Like /kids' learnerSignInAction: the child's cookie for Ada's pictures in order, else the action's refusal.
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        const [input] = JSON.parse(body) as [{ username: string; pictures: string[] }];
        const right = req.headers["next-action"] === "abc123" && input.username === "ada" && input.pictures.join() === "cat,sun,tree";
        res.writeHead(200, {
          "content-type": "text/x-component",
          ...(right ? { "set-cookie": ["learner_session=signed.value; Path=/; HttpOnly; SameSite=Lax"] } : {}),
        });
        res.end(right ? '0:{"ok":true}' : '0:{"ok":false,"message":"That is not right. Try again."}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("calls the sign-in action on /kids as React does and answers the child's session cookie", async () => {
    await expect(signInLearner(base, "abc123", { username: "ada", pictures: ["cat", "sun", "tree"] })).resolves.toBe(
      "learner_session=signed.value",
    );
    const request = seen.at(-1)!;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/kids");
    expect(request.headers["next-action"]).toBe("abc123");
    expect(request.headers.origin).toBe(base);
    expect(JSON.parse(request.body)).toEqual([{ username: "ada", pictures: ["cat", "sun", "tree"] }]);
  });

  it("fails with the action's answer when no session is set", async () => {
    await expect(signInLearner(base, "abc123", { username: "ada", pictures: ["sun", "cat", "tree"] })).rejects.toThrow(
      /sign-in as ada failed: 200 .*not right/,
    );
  });

  it("holds /learn to the first-load JS check beside the parent's pages", () => {
    expect(LEARNER_ROUTE).toBe("/learn");
    expect(isJsCheckedSignedIn("/learn")).toBe(true);
    expect(isJsCheckedSignedIn("/my-courses")).toBe(false);
  });
});
