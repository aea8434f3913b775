// The bench's signed-in accounts, seeded into the database of a running bench app (PostgreSQL:
// PGlite is single-process) through the domain functions the product uses, then printed as JSON
// for bench/signed-in.mjs, which signs each one in through the app's own sign-in.
//
//   DATABASE_URL=... FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9310 FIREBASE_PROJECT_ID=demo-brightside \
//     tsx --conditions=react-server bench/seed-signed-in.ts --parents 500 --run abc123
//
// - one "showcase" parent: four children with 20 paid seats between them (20 sections, through
//   placeOrder, wallet-paid, so the wallet page has 21 ledger entries), and two seats in the cart;
//   that is what /cart, the wallet page and /my-courses are measured with;
// - the showcase parent's first child (Ada, 5 of the seats) has a sign-in of her own, a picture
//   password, as the parent turns it on from /my-courses, and a homework task on today's class:
//   that is what /learn, the child's space, is measured with (bench/signed-in.mjs signs her in at
//   /kids through the sign-in action);
// - `--parents` load parents: each with a child, $100 of credit and one $99 seat in their cart, in
//   sections with room for all of them, so each checkout request is a real wallet-paid order.
// Accounts are made like a sign-up (registerAccount: Firebase user, users row, claims) and marked
// verified, as after following the emailed link.
import { parseArgs } from "node:util";

const PASSWORD = "bench-password-1";
const PRICE_MINOR = 9900;
const SHOWCASE_SEATS = 20;
const SHOWCASE_CHILDREN = ["Ada", "Ben", "Cleo", "Dev"];
/** Ada's picture password: three of the nine pictures, in order (lib/learner-access/pictures.ts). */
const LEARNER_PICTURES = ["cat", "sun", "tree"] as const;
/**
 * Load parents per section. Parent i buys in section i mod sections: the 50 requests in flight at
 * once are spread over the sections, a few per section lock, as buyers across a catalogue are (all
 * 50 on one section would measure a queue on one row lock, not checkout).
 */
const PARENTS_PER_SECTION = 20;

async function main() {
  const { values } = parseArgs({ options: { parents: { type: "string", default: "500" }, run: { type: "string" } } });
  const parentCount = Number(values.parents);
  const run = values.run ?? Date.now().toString(36);
  if (!Number.isInteger(parentCount) || parentCount < 0 || !/^[a-z0-9-]+$/.test(run)) {
    console.error("usage: tsx --conditions=react-server bench/seed-signed-in.ts --parents N --run ID");
    process.exit(2);
  }
  const { DateTime } = await import("luxon");
  const { getOpenDatabase } = await import("../lib/platform/db/client");
  const { courses, sections, teacherProfiles, users } = await import("../lib/platform/db/schema");
  const { registerAccount } = await import("../lib/accounts/accounts");
  const { adminAuth } = await import("../lib/platform/auth/firebase-admin");
  const { addLearner } = await import("../lib/scheduling/learners");
  const { setUserTimezone } = await import("@/lib/teachers/profiles");
  const { weeklyRule } = await import("../lib/scheduling/sessions");
  const { creditWallet } = await import("@/lib/commerce/wallet/ledger");
  const { addToCart } = await import("@/lib/commerce/cart/cart");
  const { placeOrder } = await import("@/lib/commerce/checkout/checkout");
  const { postMessage, startThread } = await import("@/lib/messages/threads");
  const { bookings, learners } = await import("../lib/platform/db/schema");
  const { setLearnerSignIn } = await import("@/lib/learner-access/sign-ins");
  const { setHomework } = await import("@/lib/homework/tasks");
  const { and, eq } = await import("drizzle-orm");

  const { db, close } = await getOpenDatabase();
  const started = Date.now();

  // A teacher row for the bench's sections (it never signs in, so no Firebase account).
  const [teacher] = await db
    .insert(users)
    .values({
      firebaseUid: `bench-teacher-${run}`,
      email: `bench-teacher-${run}@example.com`,
      role: "teacher",
      displayName: "Bench Teacher",
    })
    .returning({ id: users.id });
  // An approved teacher: only their sections are on sale (lib/scheduling/section-sale.ts).
  await db
    .insert(teacherProfiles)
    .values({ userId: teacher!.id, publicName: "Bench Teacher", timezone: "America/Chicago", approvedAt: new Date() });
  // Published courses only: a section of a hidden course is not on sale either.
  const catalogue = await db.select({ id: courses.id }).from(courses).where(eq(courses.isPublished, true)).orderBy(courses.id);
  if (catalogue.length === 0) throw new Error("no courses in the catalogue");
  const zone = "America/Chicago";
  const today = DateTime.now().setZone(zone);
  const newSection = async (index: number, capacity: number) => {
    const [row] = await db
      .insert(sections)
      .values({
        courseId: catalogue[index % catalogue.length]!.id,
        teacherId: teacher!.id,
        classType: "group",
        capacity,
        priceMinor: PRICE_MINOR,
        currency: "USD",
        startsOn: today.toISODate()!,
        endsOn: today.plus({ weeks: 12 }).toISODate()!,
        startMinute: 17 * 60,
        timezone: zone,
        rrule: weeklyRule([1, 2, 3, 4, 5, 6, 7]),
        durationMinutes: 60,
        status: "open",
      })
      .returning({ id: sections.id });
    return row!.id;
  };
  const newParent = async (email: string, name: string) => {
    const user = await registerAccount({ email, password: PASSWORD, displayName: name });
    await adminAuth().updateUser(user.id, { emailVerified: true });
    // The sign-up form sends the browser's zone. Without one, the account pages' first visit stores
    // the browser's and re-renders the page (AdoptBrowserTimezone): a layout shift (/cart's CLS
    // 0.089 in the first runs) that a parent who signed up on the site never sees. Lighthouse runs
    // Chromium in this zone (the JSON's showcase.timezone), as that parent's computer is.
    await setUserTimezone(user.databaseId, zone);
    return user.databaseId;
  };

  // The showcase parent: 20 enrolments across 20 sections, two more seats waiting in the cart.
  const showcaseEmail = `bench-showcase-${run}@example.com`;
  const showcaseId = await newParent(showcaseEmail, "Bench Showcase");
  const children = [];
  for (const [i, firstName] of SHOWCASE_CHILDREN.entries()) children.push(await addLearner(showcaseId, { firstName, grade: 3 + i }));
  await creditWallet(showcaseId, "promotion", PRICE_MINOR * (SHOWCASE_SEATS + 2), "Bench credit");
  const seats = [];
  for (let i = 0; i < SHOWCASE_SEATS; i++) seats.push({ sectionId: await newSection(i, 10), learnerId: children[i % children.length]!.id });
  // Five orders of four seats: the wallet page lists several purchases, /my-courses 20 seats.
  for (let i = 0; i < seats.length; i += 4) await placeOrder(showcaseId, seats.slice(i, i + 4));
  // Issue 28: a conversation with the teacher about one of the seats, for /share-a-message and its thread page.
  const [seat] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .where(and(eq(learners.parentId, showcaseId), eq(bookings.kind, "seat")))
    .limit(1);
  const parentActor = { id: showcaseId, email: showcaseEmail, role: "student" as const };
  const teacherActor = { id: teacher!.id, email: `bench-teacher-${run}@example.com`, role: "teacher" as const };
  const { threadId } = await startThread(parentActor, {
    bookingId: seat!.id,
    body: "Hello! Does my child need anything for the first class?",
  });
  for (let i = 0; i < 5; i++) {
    await postMessage(teacherActor, threadId, { body: `A pencil and paper is all (note ${i + 1}). Call me on +1 555 0142 if needed.` });
    await postMessage(parentActor, threadId, { body: `Thank you, that helps a lot (${i + 1}).` });
  }
  // Issue 44: Ada's own sign-in (the parent's consent recorded, as the /my-courses form sends it), and
  // a task on her first class's session today, due tomorrow at the same time: /learn then shows
  // today's and this week's classes and homework due, as a child's day does.
  const learner = { firstName: children[0]!.firstName, username: learnerUsername(run), pictures: [...LEARNER_PICTURES] };
  await setLearnerSignIn(showcaseId, children[0]!.id, {
    kind: "pictures",
    username: learner.username,
    pictures: learner.pictures,
    consent: true,
  });
  const firstClass = await db.select().from(sections).where(eq(sections.id, seats[0]!.sectionId));
  const classStarts = today.set({ hour: 17, minute: 0, second: 0, millisecond: 0 });
  await setHomework(
    db,
    teacherActor,
    {
      sectionId: firstClass[0]!.id,
      sessionStartsAt: classStarts.toUTC().toISO()!,
      title: "Count the leaves",
      instructions: "Find five leaves outside. Count the points on each one and write the numbers down.",
      dueLocal: classStarts.plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"),
    },
    zone,
  );
  for (let i = 0; i < 2; i++) {
    await addToCart(showcaseId, { sectionId: await newSection(SHOWCASE_SEATS + i, 10), learnerId: children[i]!.id });
  }

  // The load parents, a few at a time (the emulator and the pool take that well).
  const loadSections: number[] = [];
  for (let i = 0; i < Math.ceil(parentCount / PARENTS_PER_SECTION); i++) loadSections.push(await newSection(i, PARENTS_PER_SECTION));
  const parents: string[] = [];
  const makeParent = async (i: number) => {
    const email = `bench-parent-${run}-${i}@example.com`;
    const id = await newParent(email, `Bench Parent ${i}`);
    const child = await addLearner(id, { firstName: "Kid", grade: 5 });
    await creditWallet(id, "promotion", 10_000, "Bench credit");
    await addToCart(id, { sectionId: loadSections[i % loadSections.length]!, learnerId: child.id });
    parents[i] = email;
  };
  const CONCURRENCY = 8;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < parentCount) await makeParent(next++);
    }),
  );
  await close();
  process.stdout.write(
    `${JSON.stringify({ run, password: PASSWORD, showcase: { email: showcaseEmail, userId: showcaseId, enrolments: SHOWCASE_SEATS, threadId, timezone: zone, learner }, parents, seconds: (Date.now() - started) / 1000 })}\n`,
  );
}

/** A username unique to the run (the platform's are unique), within the 24 characters a username may have. */
function learnerUsername(run: string): string {
  return `ada-${run.replace(/[^a-z0-9]/g, "").slice(-20)}`;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
