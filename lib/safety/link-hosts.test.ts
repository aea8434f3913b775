import { and, asc, eq } from "drizzle-orm";

import { getThread, postMessage, startThread } from "@/lib/messages/threads";
import { allowedLinkHosts, auditEvents, outbox } from "@/lib/platform/db/schema";
import { eventTopic } from "@/lib/platform/events/events";
import { tagExpiredAt } from "@/lib/platform/cache-tags";
import { allowedLinkHostList, forgetAllowedLinkHosts, LINK_HOSTS_TAG } from "@/lib/platform/security/allowed-hosts";
import { MASK } from "@/lib/platform/security/screening";
import { forgetLinkHosts } from "@/lib/reactions/link-hosts";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat } from "@/test/message-fixtures";

import { addLinkHost, listLinkHosts, removeLinkHost } from "./link-hosts";
import { LINK_HOST_MESSAGES } from "./schema";

/**
 * Issue 40: the link allow-list is data admins keep, not a constant: seeded with the first list,
 * changed at /admin/link-hosts (audited, announced), and read by screening through a cache that a
 * change expires (at once where it is made, and where its reaction is delivered).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(() => forgetAllowedLinkHosts());
const db = () => database.db;

test("seeded with the first list; an admin's change decides whether a link in a message reaches the family", async () => {
  const admin = await insertActor(db(), "admin");
  const support = await insertActor(db(), "support");
  expect((await listLinkHosts(admin)).map((row) => row.host)).toEqual(expect.arrayContaining(["code.org", "scratch.mit.edu", "nasa.gov"]));
  await expect(listLinkHosts(support)).rejects.toMatchObject({ code: "forbidden" });

  const family = await familyWithSeat(db());
  const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello" });
  const link = "Practise here: pianofun.com/ada and scratch.mit.edu/projects/1";
  await postMessage(family.teacher, threadId, { body: link });

  await expect(addLinkHost(support, { host: "pianofun.com" })).rejects.toMatchObject({ code: "forbidden" });
  await expect(addLinkHost(admin, { host: "https://pianofun.com/ada" })).rejects.toMatchObject({
    code: "invalid",
    message: LINK_HOST_MESSAGES.invalid,
  });
  await expect(addLinkHost(admin, { host: "" })).rejects.toMatchObject({ code: "invalid" });
  await expect(addLinkHost(admin, { host: " PianoFun.com " })).resolves.toEqual({ host: "pianofun.com" });
  await expect(addLinkHost(admin, { host: "pianofun.com" })).rejects.toMatchObject({
    code: "conflict",
    message: LINK_HOST_MESSAGES.exists,
  });
  await postMessage(family.teacher, threadId, { body: link });

  await removeLinkHost(admin, { host: "pianofun.com" });
  await expect(removeLinkHost(admin, { host: "pianofun.com" })).rejects.toMatchObject({ code: "not-found" });
  await postMessage(family.teacher, threadId, { body: link });

  const bodies = (await getThread(family.parent, threadId)).messages.slice(1).map((m) => m.body);
  expect(bodies).toEqual([
    `Practise here: ${MASK} and scratch.mit.edu/projects/1`,
    link,
    `Practise here: ${MASK} and scratch.mit.edu/projects/1`,
  ]);

  const trail = await db()
    .select({ action: auditEvents.action, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "link_host"), eq(auditEvents.targetId, "pianofun.com")))
    .orderBy(asc(auditEvents.id));
  expect(trail).toEqual([
    { action: "link-host.added", actorId: admin.id },
    { action: "link-host.removed", actorId: admin.id },
  ]);
  const announced = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.topic, eventTopic("link-hosts.changed")))
    .orderBy(asc(outbox.id));
  expect(announced.map((row) => row.payload)).toEqual([{ host: "pianofun.com" }, { host: "pianofun.com" }]);
});

test("the list is cached; the change's reaction expires it by its cache tag (as the cache handler carries to every instance)", async () => {
  const before = await allowedLinkHostList();
  // Another instance's change: this process's cache does not see it...
  await db().insert(allowedLinkHosts).values({ host: "desmos-classroom.example.org" });
  expect(await allowedLinkHostList()).toEqual(before);
  // ...until the reaction to its event expires the tag (not by forgetting this process's copy:
  // cache-handler.mjs expireTags, which reaches the other instances through Redis, see
  // link-hosts-instances.test.ts).
  const expiredBefore = tagExpiredAt(LINK_HOSTS_TAG);
  await forgetLinkHosts.handle(db(), { host: "desmos-classroom.example.org" });
  expect(tagExpiredAt(LINK_HOSTS_TAG)).not.toBe(expiredBefore);
  expect(await allowedLinkHostList()).toContain("desmos-classroom.example.org");
});
