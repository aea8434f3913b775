import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";

import { LearnerSignOutButton } from "@/components/learner/learner-sign-out-button";
import { currentLearner } from "@/lib/learner-access/session";
import { hasLearnerSession } from "@/lib/platform/auth/current-user";
import { brand } from "@/lib/platform/brand";

import { learnerSignOutAction } from "./learn/actions";

// A child's pages: never indexed.
export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The children's own shell: the brand, and Sign out once a child is signed in. None of the
 * grown-ups' bar (courses, cart, account): a child's session has nothing to do there.
 */
export default async function LearnerLayout({ children }: { children: ReactNode }) {
  const [learner, hasCookie] = await Promise.all([currentLearner(), hasLearnerSession()]);
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <Link href={learner ? "/learn" : "/kids"} className="text-xl font-extrabold text-brand-700">
            {brand.name}
          </Link>
          {/* Also for a session the parent has ended since: its cookie still keeps the grown-ups' pages closed on this browser. */}
          {hasCookie ? <LearnerSignOutButton signOut={learnerSignOutAction} /> : null}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 text-lg">
        {children}
      </main>
    </>
  );
}
