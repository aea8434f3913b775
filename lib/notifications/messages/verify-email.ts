import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface VerifyEmailFacts {
  readerName: string | null;
  email: string;
  productName: string;
  /** Firebase's link, made when this message is sent (a bearer secret: in the message only). */
  verifyUrl: string;
}

/** To a new account (and on "Resend verification email"): the link that proves the address is theirs. */
export function verifyEmailEmail(facts: VerifyEmailFacts) {
  return renderEmail(`Please verify your email for ${facts.productName}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Welcome to ${facts.productName}! Please confirm that ${facts.email} is your address by following the link below.`,
      "Once it is verified, the free demos and requests you made with this email before you signed up appear under My Courses.",
      "If you did not create an account, you can ignore this message: nothing happens without the link.",
    ],
    action: { label: "Verify my email", url: facts.verifyUrl },
  });
}
