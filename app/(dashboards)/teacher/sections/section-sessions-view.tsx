import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";

import { SessionChangeList } from "@/components/scheduling/session-change-list";
import { sessionCreditShortText } from "@/lib/commerce/session-credit-policy";
import type { Actor } from "@/lib/platform/auth/permissions";
import { AppError } from "@/lib/platform/errors";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { listChangeableSessions } from "@/lib/scheduling/session-changes";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { cancelSessionAction, makeupSessionAction, moveSessionAction } from "./session-actions";

/**
 * Issue 27: one section's next sessions to move or cancel, for its teacher and for admins (the
 * pages differ in their list, nav and intro). A section the actor may not change answers 404.
 */
export async function SectionSessionsView({
  id,
  actor,
  list,
  intro,
  navAbove,
  navBelow,
}: {
  id: string;
  actor: Actor;
  list: string;
  intro: string;
  navAbove?: ReactNode;
  navBelow?: ReactNode;
}) {
  if (!/^\d{1,9}$/.test(id)) notFound();
  const view = await listChangeableSessions(actor, Number(id), new Date(), 8, await timezoneOfUser(actor.id)).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  return (
    <>
      {navAbove}
      <h1 className="mb-2 text-3xl font-extrabold text-slate-900">Sessions of {view.courseTitle}</h1>
      <p className="mb-6 text-slate-700">
        Section {view.sectionId}: the next eight weeks, in {zoneLabel(view.timezone)}. {intro}{" "}
        <Link href={`${list}/${view.sectionId}`} className="font-semibold text-brand-700 underline underline-offset-4">
          Edit the whole section
        </Link>
      </p>
      {navBelow}
      <SessionChangeList
        view={view}
        creditRule={sessionCreditShortText()}
        actions={{
          move: moveSessionAction.bind(null, view.sectionId),
          cancel: cancelSessionAction.bind(null, view.sectionId),
          makeup: makeupSessionAction.bind(null, view.sectionId),
        }}
      />
    </>
  );
}
