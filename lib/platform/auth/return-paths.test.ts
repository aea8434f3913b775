import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { NextRequest } from "next/server";

import { afterSignInPath, authPagePath } from "@/browser/auth/client-sign-in";
import { topUpSchema } from "@/lib/commerce/payments/top-up-schema";
import { topUpReturnPath } from "@/lib/commerce/payments/top-ups";
import { proxy } from "@/proxy";
import { HOSTILE_RETURN_PATHS } from "@/test/hostile-return-paths";

import { safeCallbackUrl } from "./guard";
import { authOptions } from "./options";
import { requireUser } from "./session";

/**
 * Issue 1: every place that takes a return path (a callbackUrl or returnTo) keeps the visitor on
 * this site, judged on the value after the URL parser has normalised it. The places are found in
 * the source, so a new reader of a return path fails this test until it has a case below that
 * drives the whole hostile class (test/hostile-return-paths.ts) through it.
 */

// requireUser reads the session through next-auth, which needs Next's request scope: here nobody is signed in.
jest.mock("next-auth", () => ({ __esModule: true, ...jest.requireActual("next-auth"), getServerSession: jest.fn(async () => null) }));

const ROOT = path.join(__dirname, "..", "..", "..");
const ORIGIN = "http://localhost:3000";
/** A file takes a return path when it names one, or navigates anywhere but to a fixed string. */
const RETURN_PATH = /callbackUrl|returnTo/;
const NAVIGATION = /\b(?:redirect|location\.assign|router\.push|router\.replace)\((?!\s*["'`][^"'`$]*["'`]\s*\))/;
/** The functions that apply the rule; a file that reads a return path must call one of them. */
const SAFE_FUNCTIONS = /\b(safeCallbackUrl|sameOriginPath|signUpPathFor|afterSignInPath|authPagePath|guardRedirect)\(/;

/** Every source file (not a test) under the app's folders, and proxy.ts. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What a browser does with a Location or a path: the origin it lands on. */
const landsOn = (target: string, base = ORIGIN) => new URL(target, base).origin;

/** Each place that takes a return path, by file, and how the hostile class is tried against it. */
const ENTRY_POINTS: Record<string, (hostile: string) => Promise<void> | void> = {
  // The one rule, and the guard's own use of it.
  "lib/platform/auth/guard.ts": (hostile) => {
    expect(safeCallbackUrl(hostile)).toBe("/");
    expect(safeCallbackUrl(hostile, ORIGIN)).toBe("/");
  },
  // The route guard: a hostile callbackUrl on a guarded path is not passed on to /signup.
  "proxy.ts": async (hostile) => {
    const response = await proxy(new NextRequest(`${ORIGIN}/my-courses?callbackUrl=${encodeURIComponent(hostile)}`));
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname).toBe("/signup");
    const callbackUrl = location.searchParams.get("callbackUrl")!;
    expect(callbackUrl).toBe("/my-courses");
    expect(landsOn(callbackUrl)).toBe(ORIGIN);
  },
  // next-auth's redirect callback: the callbackUrl of signIn("google", ...), of its query and of its cookie.
  "lib/platform/auth/options.ts": async (hostile) => {
    const target = await authOptions.callbacks!.redirect!({ url: hostile, baseUrl: ORIGIN });
    expect(target).toBe(`${ORIGIN}/`);
    expect(landsOn(target)).toBe(ORIGIN);
  },
  // requireUser's returnTo, the callbackUrl of its redirect to /signup.
  "lib/platform/auth/session.ts": async (hostile) => {
    const redirect = await requireUser(hostile).then(
      () => null,
      (error: { digest?: string }) => error.digest ?? null,
    );
    // next/navigation's redirect throws "NEXT_REDIRECT;<type>;<url>;<status>;".
    const target = new URL(redirect!.split(";")[2]!, ORIGIN);
    expect(target.pathname).toBe("/signup");
    expect(target.searchParams.get("callbackUrl")).toBe("/");
  },
  // Where the sign-in and sign-up forms go after signing in.
  "browser/auth/client-sign-in.ts": (hostile) => {
    const target = afterSignInPath({ search: `?callbackUrl=${encodeURIComponent(hostile)}`, origin: ORIGIN });
    // A family's own landing page instead (My courses).
    expect(target).toBe("/my-courses");
    expect(landsOn(target)).toBe(ORIGIN);
    // The link to the other sign-in page drops a hostile return path instead of passing it on.
    expect(authPagePath("/signup", { search: `?callbackUrl=${encodeURIComponent(hostile)}`, origin: ORIGIN })).toBe("/signup");
  },
  // The forms take their return path from afterSignInPath alone (checked below), so its case covers them.
  "components/forms/sign-in-form.tsx": () => undefined,
  "components/forms/sign-up-form.tsx": () => undefined,
  // Navigations that take no return path: their targets are set in code ("/" after logging out, the
  // page's afterSave), or, for links, pass the same rule (sameOriginPath, the case of guard.ts).
  "browser/auth/logout.ts": () => undefined,
  "components/dashboards/course-form.tsx": () => undefined,
  "components/shell/intent-link-navigator.tsx": () => undefined,
  // The cart goes to "/cart", its order's confirmation, or the Checkout URL Stripe's API answered: never a value of the request.
  "app/(account)/cart/actions.ts": () => undefined,
  // Its sign-in link's callbackUrl is the fixed "/cart".
  "app/(account)/cart/page.tsx": () => undefined,
  // The pay button goes where the checkout action answered (the order's confirmation or Stripe's Checkout URL, above).
  "components/commerce/checkout-form.tsx": () => undefined,
  // afterSave is the page's own list (/teacher/sections or /admin/sections).
  "components/scheduling/section-form.tsx": () => undefined,
  // After buying, the page of the gift just made (giftPagePath of its id).
  "app/(account)/gift-a-course/actions.ts": () => undefined,
  // A card top-up goes to the Checkout URL Stripe's API answered: never a value of the request.
  "app/(account)/user/[walletSlug]/actions.ts": () => undefined,
  // Issue 41: a top-up's returnTo (a move on /my-courses) is no return path unless it leads here...
  "lib/commerce/payments/top-up-schema.ts": (hostile) => {
    expect(topUpSchema.parse({ amount: "20", returnTo: hostile }).returnTo).toBeUndefined();
  },
  // ...and Stripe's success and cancel URLs are built from it only after the rule again: else the wallet.
  "lib/commerce/payments/top-ups.ts": (hostile) => {
    const id = "00000000-0000-4000-8000-000000000041";
    expect(topUpReturnPath(id, hostile)).toBe(topUpReturnPath(id));
    expect(landsOn(topUpReturnPath(id, hostile))).toBe(ORIGIN);
  },
  // The move form's top-up names its return as moveReturnPath of the seat's and section's ids, set in code.
  "components/commerce/transfer-form.tsx": () => undefined,
  // The demo outcome's enrol link: to /signin with the fixed callbackUrl "/enrol/continue", or to /cart (with a section id from the database).
  "app/(marketing)/enrol/enrol-redirect.ts": () => undefined,
  // A missed demo booked again: the new booking's page, /demo/<its token>, made by the server action.
  "components/demo/rebook-demo.tsx": () => undefined,
  // A new thread's page, /messages/<its id from the database>.
  "app/(account)/messages/actions.ts": () => undefined,
  // Its sign-in link returns to /share-a-message with the booking id encoded as a query value; an existing thread's page by its id.
  "app/(account)/share-a-message/page.tsx": () => undefined,
  // Stripe Connect: the Account Link URL Stripe's API answered, or the fixed /teacher/earnings?connect=... pages.
  "app/(dashboards)/teacher/earnings/actions.ts": () => undefined,
  "app/(dashboards)/teacher/earnings/connect/refresh/route.ts": () => undefined,
  "app/(dashboards)/teacher/earnings/connect/return/route.ts": () => undefined,
  // Issue 38: the sign-up page reads the return path (after the rule) only to speak to a teacher; the form takes it as above.
  "app/(auth)/signup/page.tsx": () => undefined,
  // The footer's "Become a teacher" link carries the fixed callbackUrl "/become-a-teacher".
  "lib/platform/auth/navigation.ts": () => undefined,
};
/** Files that navigate to a target set in code, so need not call the rule. */
const FIXED_TARGETS = [
  "browser/auth/logout.ts",
  "components/dashboards/course-form.tsx",
  "app/(account)/cart/actions.ts",
  "app/(account)/cart/page.tsx",
  "components/commerce/checkout-form.tsx",
  "components/scheduling/section-form.tsx",
  "app/(account)/gift-a-course/actions.ts",
  "app/(account)/user/[walletSlug]/actions.ts",
  "components/commerce/transfer-form.tsx",
  "app/(marketing)/enrol/enrol-redirect.ts",
  "components/demo/rebook-demo.tsx",
  "app/(account)/messages/actions.ts",
  "app/(account)/share-a-message/page.tsx",
  "app/(dashboards)/teacher/earnings/actions.ts",
  "app/(dashboards)/teacher/earnings/connect/refresh/route.ts",
  "app/(dashboards)/teacher/earnings/connect/return/route.ts",
  "lib/platform/auth/navigation.ts",
];

describe("every place that takes a return path keeps the visitor on this site (issue 1)", () => {
  const found = [
    ...["app", "browser", "components", "lib"].flatMap((dir) => sourceFiles(path.join(ROOT, dir))),
    path.join(ROOT, "proxy.ts"),
  ]
    .filter((file) => RETURN_PATH.test(readFileSync(file, "utf8")) || NAVIGATION.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(ROOT, file).split(path.sep).join("/"));

  it("finds the places in the source, and each has a case here", () => {
    expect(found.sort()).toEqual(Object.keys(ENTRY_POINTS).sort());
  });

  it.each(found.filter((file) => !FIXED_TARGETS.includes(file)))("%s applies the rule", (file) => {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    expect(source).toMatch(SAFE_FUNCTIONS);
  });

  it("without a return path, staff land on their dashboards and families on My courses", () => {
    const none = { search: "", origin: ORIGIN };
    expect(afterSignInPath(none, "teacher")).toBe("/teacher/dashboard");
    expect(afterSignInPath(none, "admin")).toBe("/admin/dashboard");
    expect(afterSignInPath(none, "support")).toBe("/support/dashboard");
    expect(afterSignInPath(none, "student")).toBe("/my-courses");
    expect(afterSignInPath({ search: "?callbackUrl=%2Fcart", origin: ORIGIN }, "teacher")).toBe("/cart");
  });

  it("the link between /signin and /signup keeps a return path on this site", () => {
    const sentToCart = { search: "?callbackUrl=%2Fcart%3Fx%3D1", origin: ORIGIN };
    expect(authPagePath("/signup", sentToCart)).toBe("/signup?callbackUrl=%2Fcart%3Fx%3D1");
    expect(authPagePath("/signin", sentToCart)).toBe("/signin?callbackUrl=%2Fcart%3Fx%3D1");
    expect(authPagePath("/signin", { search: "", origin: ORIGIN })).toBe("/signin");
  });

  it("the forms go only where afterSignInPath says", () => {
    for (const file of ["components/forms/sign-in-form.tsx", "components/forms/sign-up-form.tsx"]) {
      const source = readFileSync(path.join(ROOT, file), "utf8");
      for (const use of source.match(/location\.assign\([^)]*\)|callbackUrl:[^}]*/g) ?? [])
        expect(use).toMatch(/afterSignInPath\((\)|window\.location, \w+\.role)/);
      // No reading of the query's callbackUrl of their own.
      expect(source).not.toMatch(/["'`]callbackUrl["'`]/);
    }
  });

  it.each(Object.keys(ENTRY_POINTS).flatMap((file) => HOSTILE_RETURN_PATHS.map((hostile) => [file, hostile] as const)))(
    "%s keeps %j on this site",
    async (file, hostile) => {
      await ENTRY_POINTS[file]!(hostile);
    },
  );
});
