import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";

import { bookSlotAction, listSlotsAction } from "@/app/(marketing)/book-free-demo/actions";
import { buyGift } from "@/lib/commerce/gifts/gifts";
import { signLeadToken } from "@/lib/demo-requests/lead-token";
import { defangLinks } from "@/lib/notifications/layout";
import { greetingName } from "@/lib/notifications/messages/facts";
import { brand } from "@/lib/platform/brand";
import { users } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { jsonRequest } from "@/test/database";
import { mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

/**
 * Issue 26 finding 8: anonymous mail with attacker text. The demo form and a gift send mail to an
 * address someone typed; what they typed beside it (a name, a message) must not read as our words.
 */
const ATTACK = "Visit http://evil.example to claim your prize";
const { db, mail, deliver, received } = mailHarness();

/** Every part a reader sees: subject, text, HTML and the calendar invite. */
function everything(message: ParsedMail): string {
  const invites = message.attachments.map((a) => a.content.toString("utf8")).join("\n");
  return [message.subject ?? "", message.text ?? "", typeof message.html === "string" ? message.html : "", invites].join("\n");
}

describe("mail to an address someone typed", () => {
  it("the demo form's name and message appear nowhere in the mail to the typed address: received, booked", async () => {
    // All day: a family's picker offers only times that suit children in its zone.
    const teacherId = await newTeacher(db(), "Europe/London", EVERY_DAY(0, 24 * 60));
    const courseId = await newCourse(db(), teacherId);
    await mail.clear();
    const { POST } = await import("@/app/api/book-free-demo/route");
    const response = await POST(
      jsonRequest("/api/book-free-demo", {
        userEmail: "victim@example.com",
        name: ATTACK,
        text: ATTACK,
        course: String(courseId),
        grade: 4,
      }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const leadToken = signLeadToken(id)!;
    const listed = await listSlotsAction({ leadToken, timezone: "America/Los_Angeles" });
    if (!listed.ok) throw new Error(listed.message);
    const booked = await bookSlotAction({
      leadToken,
      teacherId,
      startsAt: listed.data[0]!.slots[0]!.startsAt,
      timezone: "America/Los_Angeles",
    });
    if (!booked.ok) throw new Error(booked.message);
    await deliver();

    const messages = await received("victim@example.com");
    expect(messages.map((m) => m.subject)).toEqual([
      "We received your free demo request",
      expect.stringMatching(/^Your free demo is booked/),
    ]);
    for (const message of messages) {
      expect(message.text).toMatch(/^Hello,\n/);
      expect(everything(message)).not.toMatch(/evil|Visit|prize/i);
    }
    // The teacher hears nothing the visitor typed either.
    const [teacher] = await db().select({ email: users.email }).from(users).where(eq(users.id, teacherId));
    for (const message of await received(teacher!.email)) expect(everything(message)).not.toMatch(/evil|prize/i);
  });

  it("a gift's buyer name, recipient name and message: nothing in the subject or our sentences, the message quoted as theirs with no link", async () => {
    await mail.clear();
    const buyer = await newFamily(db(), 10_000);
    await db().update(users).set({ displayName: ATTACK }).where(eq(users.id, buyer.parentId));
    const [{ email: buyerEmail }] = (await db().select({ email: users.email }).from(users).where(eq(users.id, buyer.parentId))) as [
      { email: string },
    ];
    await buyGift(
      buyer.parentId,
      { amount: "20", recipientName: ATTACK, recipientEmail: "someone@example.com", message: `Happy birthday!\n${ATTACK}` },
      { emailVerified: true },
    );
    await deliver();
    const [message] = await received("someone@example.com");
    expect(message).toBeDefined();
    expect(message!.subject).not.toMatch(/evil|Visit|prize/i);
    const text = message!.text!;
    // Outside the quoted block (lines behind "> "), none of it; inside, defanged.
    const ours = text
      .split("\n")
      .filter((line) => !line.startsWith("> "))
      .join("\n");
    expect(ours).not.toMatch(/evil|Visit|prize|Happy birthday/i);
    expect(ours).toContain("These are their words, not ours");
    expect(ours).toContain(`The ${brand.name} account ${buyerEmail} sent you a gift of $20.00`);
    expect(text).toContain("> Happy birthday!\n> Visit http[:]//evil[.]example to claim your prize");
    expect(text).not.toContain("http://evil.example");
    // HTML: in a blockquote, escaped, with no link but our redeem button.
    const html = message!.html as string;
    expect(html).not.toContain("evil.example");
    expect(html).toMatch(/<blockquote[^>]*>Happy birthday!\nVisit http\[:\]\/\/evil\[\.\]example to claim your prize<\/blockquote>/);
    expect(html.match(/<a /g)).toHaveLength(1);
    const outsideQuote = html.replace(/<blockquote[\s\S]*?<\/blockquote>/, "");
    expect(outsideQuote).not.toMatch(/evil|Visit|prize/i);
  });

  it("a greeting takes one word of letters from a name, or none", () => {
    expect(greetingName("Fay Family")).toBe("Fay");
    expect(greetingName("José-María O'Neil")).toBe("José-María");
    expect(greetingName(ATTACK)).toBe("Visit");
    expect(greetingName("http://evil.example")).toBeNull();
    expect(greetingName("evil.example")).toBeNull();
    expect(greetingName("   ")).toBeNull();
    expect(greetingName(null)).toBeNull();
    expect(defangLinks("see www.evil.com or https://x.io/a, e.g. 3.14")).toBe("see www[.]evil[.]com or https[:]//x[.]io/a, e.g. 3.14");
  });
});
