import { randomUUID } from "node:crypto";

import { registerAccount, requestPasswordReset, resendEmailVerification, resetPassword } from "@/lib/accounts/accounts";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { signInWithPassword } from "@/lib/platform/auth/identity-toolkit";
import { brand } from "@/lib/platform/brand";
import { outbox } from "@/lib/platform/db/schema";
import { mailHarness } from "@/test/mail-harness";

/*
 * Issue 31 item 2: the verification and reset emails go through the product's own mail path (the
 * Auth Emulator sends nothing), branded, with links made by firebase-admin when they are sent.
 */
const { db, deliver, received } = mailHarness();

const password = "correct-horse-battery";
const newEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;
const linkIn = (text: string, pattern: RegExp) => {
  const found = text.match(pattern)?.[0];
  if (!found) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return found;
};
/** Every outbox row as text: no link (bearer secret) may be kept there. */
const outboxText = async () => JSON.stringify(await db().select().from(outbox));

describe("the verification email", () => {
  it("is sent at sign-up with the product's name and a link that verifies the account; the outbox keeps no link", async () => {
    const email = newEmail("verify");
    const user = await registerAccount({ displayName: "Vera Parent", email, password }, { sendVerificationEmail: true });
    await deliver();
    const [message, ...others] = await received(email);
    expect(others).toEqual([]);
    expect(message!.subject).toBe(`Please verify your email for ${brand.name}`);
    expect(message!.text).toContain("Hello Vera,");
    const link = linkIn(message!.text!, /http:\/\/\S+\/emulator\/action\?\S+/);
    expect(link).toContain("mode=verifyEmail");
    expect(decodeURIComponent(link)).toContain(`continueUrl=${brand.siteUrl}/my-courses`);
    expect(message!.html).toContain("Verify my email");
    const oobCode = new URL(link).searchParams.get("oobCode")!;
    expect(await outboxText()).not.toContain(oobCode);

    // The person follows it: the emulator applies the code and sends them on to /my-courses.
    expect((await fetch(link, { redirect: "manual" })).status).toBeLessThan(400);
    expect((await adminAuth().getUser(user.id)).emailVerified).toBe(true);

    // A resend now sends nothing: the account is verified.
    expect(await resendEmailVerification(user)).toBe(false);
    await deliver();
    expect(await received(email)).toHaveLength(1);
  });

  it("is sent again on resend, each request its own message; one already queued for a verified account is dropped", async () => {
    const email = newEmail("resend");
    const user = await registerAccount({ displayName: "Rae", email, password }, { sendVerificationEmail: true });
    expect(await resendEmailVerification(user)).toBe(true);
    await deliver();
    expect(await received(email)).toHaveLength(2);

    expect(await resendEmailVerification(user)).toBe(true);
    // Verified before the email leaves (the previous link followed): it is not sent.
    await adminAuth().updateUser(user.id, { emailVerified: true });
    await deliver();
    expect(await received(email)).toHaveLength(2);
  });
});

describe("the password reset email", () => {
  it("carries a link to this site's reset page; the new password (12+) then signs in", async () => {
    const email = newEmail("reset");
    const user = await registerAccount({ displayName: "Ray Parent", email, password });
    await requestPasswordReset(email.toUpperCase());
    await deliver();
    const [message, ...others] = await received(email);
    expect(others).toEqual([]);
    expect(message!.subject).toBe(`Reset your ${brand.name} password`);
    expect(message!.text).toContain("Hello Ray,");
    const link = linkIn(message!.text!, new RegExp(`${brand.siteUrl}/reset-password\\?oobCode=\\S+`));
    const oobCode = new URL(link).searchParams.get("oobCode")!;
    expect(await outboxText()).not.toContain(oobCode);

    await expect(resetPassword(oobCode, "too-short")).rejects.toThrow();
    await resetPassword(oobCode, "a-brand-new-password");
    expect((await signInWithPassword(email, "a-brand-new-password")).localId).toBe(user.id);
    // The code works once.
    await expect(resetPassword(oobCode, "another-new-password")).rejects.toThrow();
  });

  it("sends nothing for an unknown email (the event is written all the same)", async () => {
    const unknown = newEmail("nobody");
    await requestPasswordReset(unknown);
    expect(await outboxText()).toContain(unknown);
    await deliver();
    expect(await received(unknown)).toEqual([]);
  });
});
