import { decode, encode } from "next-auth/jwt";

import { decodeSession, encodeSession } from "./session-token";

/**
 * Issue 30 (checkout near its floor): a session cookie is decrypted once per instance, not once
 * per read (proxy.ts, then the page's or action's session read, in every request of a signed-in
 * person), and the key is derived from the secret once, not at every encode and decode.
 */
const decrypts = jest.fn();
jest.mock("jose", () => {
  const actual = jest.requireActual("jose");
  return {
    ...actual,
    jwtDecrypt: (...args: unknown[]) => {
      decrypts();
      return actual.jwtDecrypt(...args);
    },
  };
});
const derivations = jest.fn();
jest.mock("@panva/hkdf", () => {
  const actual = jest.requireActual("@panva/hkdf");
  return {
    __esModule: true,
    default: (...args: unknown[]) => {
      derivations(...args);
      return actual.default(...args);
    },
  };
});

const secret = "a-test-secret-of-at-least-32-characters!";

beforeEach(() => {
  decrypts.mockClear();
  derivations.mockClear();
});

it("decrypts a cookie once however often it is read, and hands each reader its own copy", async () => {
  const token = await encodeSession({ token: { sub: "u1", name: "Ada" }, secret });
  const first = await decodeSession({ token, secret });
  first!.sub = "changed by a caller";
  const second = await decodeSession({ token, secret });
  const third = await decodeSession({ token, secret });
  expect(second).toMatchObject({ sub: "u1", name: "Ada" });
  expect(third).toEqual(second);
  expect(decrypts).toHaveBeenCalledTimes(1);
});

it("reads next-auth's own cookies, refuses another secret's and an expired one", async () => {
  const token = await encode({ token: { sub: "u2" }, secret });
  expect(await decodeSession({ token, secret })).toMatchObject({ sub: "u2" });
  await expect(decodeSession({ token, secret: `${secret}-other` })).rejects.toThrow();
  const expired = await encode({ token: { sub: "u3" }, secret, maxAge: -60 });
  await expect(decodeSession({ token: expired, secret })).rejects.toThrow();
});

it("refuses a remembered cookie once it has expired, as next-auth would", async () => {
  const token = await encode({ token: { sub: "u4" }, secret, maxAge: 5 });
  expect(await decodeSession({ token, secret })).toMatchObject({ sub: "u4" });
  // 5 s of life and next-auth's 15 s of tolerance later.
  const now = jest.spyOn(Date, "now").mockReturnValue(Date.now() + 21_000);
  try {
    await expect(decodeSession({ token, secret })).rejects.toThrow("expired");
  } finally {
    now.mockRestore();
  }
  expect(decrypts).toHaveBeenCalledTimes(1);
});

it("derives the key from a secret once, however many cookies it writes and reads", async () => {
  const other = `${secret}-derived-once`;
  const tokens = [];
  for (let i = 0; i < 5; i++) tokens.push(await encodeSession({ token: { sub: `u${i}` }, secret: other }));
  for (const [i, token] of tokens.entries()) expect(await decodeSession({ token, secret: other })).toMatchObject({ sub: `u${i}` });
  expect(decrypts).toHaveBeenCalledTimes(5);
  expect(derivations).toHaveBeenCalledTimes(1);
});

it("writes cookies next-auth reads: its format, its expiry, a fresh id each time", async () => {
  const token = await encodeSession({ token: { sub: "u5", name: "Ben" }, secret, maxAge: 3600 });
  const read = await decode({ token, secret });
  expect(read).toMatchObject({ sub: "u5", name: "Ben" });
  expect(Number(read!.exp) - Number(read!.iat)).toBe(3600);
  const again = await decode({ token: await encodeSession({ token: { sub: "u5" }, secret }), secret });
  expect(again!.jti).not.toBe(read!.jti);
  await expect(decode({ token, secret: `${secret}-other` })).rejects.toThrow();
});
