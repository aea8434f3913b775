import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { users } from "@/lib/platform/db/schema";
import { actionContext } from "@/test/action-context";
import { openTestDatabase } from "@/test/database";

import { signUpAction } from "./actions";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  actionContext.user = null;
});
afterAll(() => database.dispose());

const input = () => ({ displayName: "Sam Parent", email: `sam.${randomUUID().slice(0, 8)}@example.com`, password: "good-password-1" });

describe("the sign-up action", () => {
  it("creates the account as a student and answers without secrets", async () => {
    const values = input();
    const answer = await signUpAction(values);
    expect(answer).toEqual({ ok: true, message: "Your account has been created." });
    expect(JSON.stringify(answer)).not.toContain(values.password);
    const stored = await database.db.select().from(users).where(eq(users.email, values.email));
    expect(stored).toMatchObject([{ email: values.email, displayName: "Sam Parent", role: "student" }]);
  });

  it("stores the browser's zone sent with the form; a bad one is ignored and the account has none yet", async () => {
    const values = input();
    expect(await signUpAction({ ...values, timezone: "America/Los_Angeles" })).toMatchObject({ ok: true });
    const [stored] = await database.db.select({ timezone: users.timezone }).from(users).where(eq(users.email, values.email));
    expect(stored!.timezone).toBe("America/Los_Angeles");

    const other = input();
    expect(await signUpAction({ ...other, timezone: "Not/AZone" })).toMatchObject({ ok: true });
    const [unset] = await database.db.select({ timezone: users.timezone }).from(users).where(eq(users.email, other.email));
    // None: the account pages take the browser's zone at the first visit.
    expect(unset!.timezone).toBeNull();
  });

  it("answers an email already in use with the spec's message", async () => {
    const values = input();
    await signUpAction(values);
    expect(await signUpAction(values)).toEqual({ ok: false, message: "Email already in use. Please try another email or login." });
  });

  it("refuses bad input with field messages and stores nothing", async () => {
    const before = await database.db.select().from(users);
    const bad = await signUpAction({ displayName: "", email: "nope", password: "short" });
    expect(bad).toMatchObject({
      ok: false,
      fieldErrors: { displayName: "Name is required.", email: "Please enter a valid email address" },
    });
    expect(bad.ok === false && bad.fieldErrors?.password).toBe("Password should be strong. Try again");
    expect(await signUpAction("not an object")).toMatchObject({ ok: false });
    expect(await database.db.select().from(users)).toHaveLength(before.length);
  });
});
