import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface PasswordResetFacts {
  readerName: string | null;
  email: string;
  productName: string;
  /** This site's reset page with Firebase's code, made when this message is sent (a bearer secret: in the message only). */
  resetUrl: string;
}

/** To an account whose password someone asked to reset ('Forgot password?'). */
export function passwordResetEmail(facts: PasswordResetFacts) {
  return renderEmail(`Reset your ${facts.productName} password`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Someone, hopefully you, asked to reset the password of the ${facts.productName} account for ${facts.email}.`,
      "Follow the link below to choose a new password (at least 12 characters). It works once and expires after an hour; then you sign in with the new password.",
      "If you did not ask for this, you can ignore this message: your password stays as it is.",
    ],
    action: { label: "Choose a new password", url: facts.resetUrl },
  });
}
