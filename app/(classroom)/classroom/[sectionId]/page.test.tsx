import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";

import { users } from "@/lib/platform/db/schema";
import { CLASSROOM_MESSAGES } from "@/lib/classroom/schema";
import { actionContext, actionTestDatabase, signedInAs } from "@/test/action-context";
import { dailySection, paidSeat } from "@/test/classroom-fixtures";
import { newFamily } from "@/test/commerce-fixtures";

import ClassroomPage from "./page";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
// The room itself (Janus in the browser) is never reached here: a refusal is the page's own markup.
jest.mock("@/components/classroom/live-classroom", () => ({ LiveClassroom: () => "THE ROOM" }));

const db = actionTestDatabase();
const DAY = 86_400_000;
const ZONE = "Asia/Tokyo";

const pageText = async (sectionId: number) =>
  renderToStaticMarkup(await ClassroomPage({ params: Promise.resolve({ sectionId: String(sectionId) }) }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

afterEach(() => {
  actionContext.user = null;
});

describe("the classroom page for a family whose seat starts with a later session", () => {
  it("names the seat's first session on the viewer's clock, the zone named, and never shows the room", async () => {
    // The session began five minutes ago; the seat is bought now, so it holds tomorrow's onwards.
    const { section, start } = await dailySection(db(), -5);
    const family = await paidSeat(db(), section, await newFamily(db()), new Date());
    await db().update(users).set({ timezone: ZONE }).where(eq(users.id, family.parentId));
    signedInAs(family.parentId, "student");

    const text = await pageText(section.id);
    const tomorrow = new Date(start.getTime() + DAY);
    const clock = new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", minute: "2-digit" }).format(tomorrow);
    expect(text).toContain(CLASSROOM_MESSAGES.seatStartsLater);
    expect(text).toMatch(new RegExp(`Your seat's first session is on [^.]*${clock.replace(/\s/g, "\\s")} Japan`));
    expect(text).not.toContain(CLASSROOM_MESSAGES.notBooked);
    expect(text).not.toContain("THE ROOM");
  });

  it("a family without a seat is still only told it is not booked", async () => {
    const { section } = await dailySection(db(), -5);
    const stranger = await newFamily(db());
    signedInAs(stranger.parentId, "student");
    const text = await pageText(section.id);
    expect(text).toContain(CLASSROOM_MESSAGES.notBooked);
    expect(text).not.toContain("first session");
  });
});
