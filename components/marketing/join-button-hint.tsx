"use client";

import { useAuthState } from "@/browser/auth/auth-state";

/** Where the demo's Join button shows: a signed-in family has it on its own My Courses; anyone else signs up for it. */
export function JoinButtonHint() {
  const auth = useAuthState(null);
  return auth.status === "signed-in" ? <>(in your account)</> : <>(sign up with the same email to see it there)</>;
}
