/**
 * Issue 28: both ways of signing in tell the server the computer's zone before they leave the
 * page, so the first signed-in page is rendered with the zone notice in place. next-auth's client
 * is mocked at its module boundary; `document` is a cookie jar that records what was written when.
 */
import { BROWSER_ZONE_COOKIE } from "@/lib/scheduling/zone-notice";

const mockCookiesAtSignIn: string[][] = [];
const written: string[] = [];
jest.mock("next-auth/react", () => ({
  signIn: jest.fn(async () => {
    mockCookiesAtSignIn.push([...written]);
    return { ok: true, error: undefined };
  }),
  getSession: jest.fn(async () => ({ user: { role: "student" } })),
}));

import { signInWithCredentials, signInWithGoogle } from "./client-sign-in";

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

beforeAll(() => {
  Object.defineProperty(globalThis, "document", {
    configurable: true,
    value: {
      get cookie() {
        return written.join("; ");
      },
      set cookie(value: string) {
        written.push(value);
      },
    },
  });
});
afterAll(() => Reflect.deleteProperty(globalThis, "document"));
beforeEach(() => {
  written.length = 0;
  mockCookiesAtSignIn.length = 0;
});

test("Google: the zone cookie is written before the redirect to Google starts", async () => {
  await signInWithGoogle("/my-courses");
  const { signIn } = jest.requireMock<{ signIn: jest.Mock }>("next-auth/react");
  expect(signIn).toHaveBeenLastCalledWith("google", { callbackUrl: "/my-courses" });
  expect(mockCookiesAtSignIn).toEqual([
    [expect.stringMatching(new RegExp(`^${BROWSER_ZONE_COOKIE}=${zone}; path=/; max-age=\\d+; samesite=lax$`))],
  ]);
});

test("email and password: the zone cookie is written before the credentials are sent", async () => {
  await expect(signInWithCredentials("parent@example.com", "a-long-password")).resolves.toEqual({ ok: true, role: "student" });
  expect(mockCookiesAtSignIn).toEqual([[expect.stringMatching(new RegExp(`^${BROWSER_ZONE_COOKIE}=${zone};`))]]);
});
