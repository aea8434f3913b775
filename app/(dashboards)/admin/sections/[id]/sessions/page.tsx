import Link from "next/link";
import { notFound } from "next/navigation";

import { AdminNav } from "@/components/dashboards/admin-nav";
import { SessionChangeList } from "@/components/scheduling/session-change-list";
import { sessionCreditShortText } from "@/lib/commerce/session-credit-policy";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { listChangeableSessions } from "@/lib/scheduling/session-changes";

import { cancelSessionAction, makeupSessionAction, moveSessionAction } from "../../../../teacher/sections/session-actions";

export const metadata = { title: "Sessions" };

const LIST = "/admin/sections";

/** Issue 27: an admin moves or cancels one session of any section, as its teacher would. */
export default async function AdminSectionSessionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("courses.manage", `${LIST}/${encodeURIComponent(id)}/sessions`);
  if (!/^\d{1,9}$/.test(id)) notFound();
  const view = await listChangeableSessions(actor, Number(id)).catch((error: unknown) => {
    if (error instanceof AppError) notFound();
    throw error;
  });
  return (
    <>
      <AdminNav current={LIST} />
      <h1 className="mb-2 text-3xl font-extrabold text-slate-900">Sessions of {view.courseTitle}</h1>
      <p className="mb-6 text-slate-700">
        Section {view.sectionId}: the next eight weeks, in {view.timezone}. A move is checked against the teacher&apos;s other sections and
        demos.{" "}
        <Link href={`${LIST}/${view.sectionId}`} className="font-semibold text-brand-700 underline underline-offset-4">
          Edit the whole section
        </Link>
      </p>
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
