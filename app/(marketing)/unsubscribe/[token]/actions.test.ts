import { unsubscribeTokenFor, weeklyDigestStatus } from "@/lib/notifications/preferences";
import { actingFrom, actionTestDatabase } from "@/test/action-context";

import { setWeeklyDigestAction } from "./actions";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

/** Issue 28: the email preferences page's switch turns the weekly digest off and on, by the address's token only. */
const db = actionTestDatabase();

const form = (digest: "on" | "off") => {
  const data = new FormData();
  data.set("digest", digest);
  return data;
};

it("turns the digest of the token's address off and back on, and nobody else's", async () => {
  actingFrom("203.0.113.7");
  const token = await unsubscribeTokenFor(db(), "Parent.Digest@example.com");
  const other = await unsubscribeTokenFor(db(), "other.family@example.com");
  expect(await weeklyDigestStatus(db(), token)).toBe("on");

  await setWeeklyDigestAction(token, form("off"));
  expect(await weeklyDigestStatus(db(), token)).toBe("off");
  expect(await weeklyDigestStatus(db(), other)).toBe("on");

  await setWeeklyDigestAction(token, form("on"));
  expect(await weeklyDigestStatus(db(), token)).toBe("on");

  // A token nobody holds changes nothing (and counts against the caller's address).
  await setWeeklyDigestAction("x".repeat(43), form("off"));
  expect(await weeklyDigestStatus(db(), other)).toBe("on");
});
