import { eq } from "drizzle-orm";

import type { openTestDatabase } from "@/test/database";

/**
 * A child's own sign-in, set up by the parent: a username unique on the platform, a password or a
 * picture password (3 of 9 in order) hashed with scrypt, the parent's consent kept with its date; a
 * reset or turning it off ends the child's sessions; 20 wrong tries are limited, the right one then too.
 */
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);

type Modules = {
  signIns: typeof import("./sign-ins");
  session: typeof import("./session");
  cookie: typeof import("@/lib/platform/auth/learner-cookie");
  schema: typeof import("@/lib/platform/db/schema");
  fixtures: typeof import("@/test/commerce-fixtures");
  database: typeof import("@/test/database");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  // lib/platform/env.ts reads the environment once, at import (jest-env.ts turns the limits off for other tests).
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    signIns: await import("./sign-ins"),
    session: await import("./session"),
    cookie: await import("@/lib/platform/auth/learner-cookie"),
    schema: await import("@/lib/platform/db/schema"),
    fixtures: await import("@/test/commerce-fixtures"),
    database: await import("@/test/database"),
  };
  database = await m.database.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
});

let address = 0;
/** A fresh address per test, so the per-address limit of one test does not reach the next. */
const from = () => ({ headers: new Headers({ "x-forwarded-for": `203.0.113.${++address}` }) });
const PICTURES: Array<"cat" | "sun" | "tree"> = ["cat", "sun", "tree"];
let serial = 0;
const username = (base: string) => `${base}${++serial}`;

async function childWithPictures(name = username("ada")) {
  const family = await m.fixtures.newFamily(database.db);
  await m.signIns.setLearnerSignIn(family.parentId, family.learnerId, {
    kind: "pictures",
    username: name,
    pictures: PICTURES,
    consent: true,
  });
  return { ...family, username: name };
}

describe("a child's sign-in", () => {
  it("signs the child in with the pictures in order, into a session of their own that names the child and the family", async () => {
    const child = await childWithPictures();
    const signedIn = await m.session.signInLearner(from(), { username: child.username.toUpperCase(), pictures: PICTURES });
    expect(signedIn.firstName).toBe("Ada");
    const session = await m.session.learnerOfCookie(signedIn.cookie);
    expect(session).toMatchObject({ learnerId: child.learnerId, parentId: child.parentId, username: child.username });
    // The same pictures in another order are another password.
    await expect(m.session.signInLearner(from(), { username: child.username, pictures: ["sun", "cat", "tree"] })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("keeps only a scrypt hash of the secret, and the parent's consent with its date", async () => {
    const child = await childWithPictures();
    const [row] = await database.db.select().from(m.schema.learnerSignIns).where(eq(m.schema.learnerSignIns.learnerId, child.learnerId));
    expect(row?.secretHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.secretHash).not.toContain("cat");
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.secretKind).toBe("pictures");
  });

  it("signs in with a password the parent set, and a wrong one is refused with the same answer as an unknown username", async () => {
    const family = await m.fixtures.newFamily(database.db);
    const name = username("ben");
    await m.signIns.setLearnerSignIn(family.parentId, family.learnerId, {
      kind: "password",
      username: name,
      password: "green-frog-42",
      consent: true,
    });
    await expect(m.session.signInLearner(from(), { username: name, password: "green-frog-42" })).resolves.toMatchObject({
      firstName: "Ada",
    });
    const wrong = await m.session
      .signInLearner(from(), { username: name, password: "green-frog-43" })
      .catch((error: Error) => error.message);
    const unknown = await m.session
      .signInLearner(from(), { username: "nobody-here", password: "x" })
      .catch((error: Error) => error.message);
    expect(wrong).toBe(unknown);
    // Pictures do not open a password sign-in.
    await expect(m.session.signInLearner(from(), { username: name, pictures: PICTURES })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuses a username another family has (whatever its case), a child of another family, and a missing consent, with field messages", async () => {
    const taken = await childWithPictures();
    const other = await m.fixtures.newFamily(database.db);
    await expect(
      m.signIns.setLearnerSignIn(other.parentId, other.learnerId, {
        kind: "pictures",
        username: taken.username.toUpperCase(),
        pictures: PICTURES,
        consent: true,
      }),
    ).rejects.toMatchObject({ code: "conflict", fieldErrors: { username: expect.stringContaining("taken") } });
    await expect(
      m.signIns.setLearnerSignIn(other.parentId, taken.learnerId, {
        kind: "pictures",
        username: username("xyz"),
        pictures: PICTURES,
        consent: true,
      }),
    ).rejects.toMatchObject({ code: "not-found" });
    await expect(
      m.signIns.setLearnerSignIn(other.parentId, other.learnerId, {
        kind: "pictures",
        username: username("yyz"),
        pictures: PICTURES,
        consent: false as true,
      }),
    ).rejects.toMatchObject({ code: "invalid", fieldErrors: { consent: expect.any(String) } });
    await expect(
      m.signIns.setLearnerSignIn(other.parentId, other.learnerId, {
        kind: "pictures",
        username: "has space",
        pictures: ["cat", "cat", "sun"],
        consent: true,
      }),
    ).rejects.toMatchObject({ code: "invalid", fieldErrors: { username: expect.any(String), pictures: expect.any(String) } });
    expect(await m.signIns.listLearnerSignIns(other.parentId)).toEqual(new Map());
  });

  it("ends the child's sessions when the parent resets the sign-in or turns it off", async () => {
    const child = await childWithPictures();
    const before = await m.session.signInLearner(from(), { username: child.username, pictures: PICTURES });
    await m.signIns.setLearnerSignIn(child.parentId, child.learnerId, {
      kind: "pictures",
      username: child.username,
      pictures: ["dog", "moon", "car"],
      consent: true,
    });
    expect(await m.session.learnerOfCookie(before.cookie)).toBeNull();
    await expect(m.session.signInLearner(from(), { username: child.username, pictures: PICTURES })).rejects.toMatchObject({
      code: "forbidden",
    });
    const after = await m.session.signInLearner(from(), { username: child.username, pictures: ["dog", "moon", "car"] });
    expect(await m.session.learnerOfCookie(after.cookie)).not.toBeNull();
    await m.signIns.turnOffLearnerSignIn(child.parentId, child.learnerId);
    expect(await m.session.learnerOfCookie(after.cookie)).toBeNull();
    expect(await m.signIns.listLearnerSignIns(child.parentId)).toEqual(new Map());
  });

  it("refuses a forged, altered or expired cookie", async () => {
    const child = await childWithPictures();
    const { cookie } = await m.session.signInLearner(from(), { username: child.username, pictures: PICTURES });
    const [payload, sig] = cookie.split(".");
    const forged = `${Buffer.from(JSON.stringify({ l: child.learnerId + 1, v: 1, e: 9e9 })).toString("base64url")}.${sig}`;
    expect(await m.session.learnerOfCookie(forged)).toBeNull();
    expect(await m.session.learnerOfCookie(`${payload}.${"A".repeat(43)}`)).toBeNull();
    const later = Date.now() + (m.cookie.LEARNER_SESSION_SECONDS + 1) * 1000;
    expect(await m.session.learnerOfCookie(cookie, later)).toBeNull();
    expect(m.cookie.decodeLearnerCookie(cookie, Date.now(), "another-secret")).toBeNull();
  });

  it("limits wrong picture passwords: after 20 misses for one username, even the right pictures wait", async () => {
    const child = await childWithPictures();
    for (let i = 0; i < 20; i++) {
      // Each miss from its own address: the username's own limit is what stops them.
      await expect(m.session.signInLearner(from(), { username: child.username, pictures: ["dog", "moon", "car"] })).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    await expect(m.session.signInLearner(from(), { username: child.username, pictures: PICTURES })).rejects.toMatchObject({
      code: "rate-limited",
      message: expect.stringMatching(/^Too many tries\. Please try again in \d+ minutes?\.$/),
    });
  });

  it("limits wrong tries from one address across usernames, and a success does not count", async () => {
    const child = await childWithPictures();
    const one = from();
    for (let i = 0; i < 5; i++) await m.session.signInLearner(one, { username: child.username, pictures: PICTURES });
    for (let i = 0; i < 20; i++) {
      await expect(m.session.signInLearner(one, { username: `guess${i}`, pictures: PICTURES })).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    await expect(m.session.signInLearner(one, { username: child.username, pictures: PICTURES })).rejects.toMatchObject({
      code: "rate-limited",
    });
  });
});
