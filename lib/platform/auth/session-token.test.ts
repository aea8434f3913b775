import { encode } from "next-auth/jwt";

import { decodeSession, encodeSession } from "./session-token";

/**
 * Issue 30 (checkout near its floor): a session cookie is decrypted once per instance, not once
 * per read (proxy.ts, then getServerSession, in every request of a signed-in person).
 */
const decrypts = jest.fn();
jest.mock("next-auth/jwt", () => {
  const actual = jest.requireActual("next-auth/jwt");
  return {
    ...actual,
    decode: (params: unknown) => {
      decrypts();
      return actual.decode(params);
    },
  };
});

const secret = "a-test-secret-of-at-least-32-characters!";

beforeEach(() => decrypts.mockClear());

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
