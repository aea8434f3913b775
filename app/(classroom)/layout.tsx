import type { Metadata } from "next";
import type { ReactNode } from "react";

import { hasLearnerSession } from "@/lib/platform/auth/current-user";

import AccountLayout from "../(account)/layout";
import LearnerLayout from "../(learner)/layout";

// A class's room: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The classroom is reached by grown-ups (the teacher, a parent, staff observing) and by a child on
 * their own sign-in: a child's session gets the children's shell, anyone else the account shell.
 * (Under the account layout alone a child's session was sent to /learn, so the Join on /learn led
 * nowhere.) The page itself decides who may enter (lib/classroom/classroom-access.ts).
 */
export default async function ClassroomLayout({ children }: { children: ReactNode }) {
  return (await hasLearnerSession()) ? <LearnerLayout>{children}</LearnerLayout> : <AccountLayout>{children}</AccountLayout>;
}
