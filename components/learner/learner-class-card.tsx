import Link from "next/link";

import type { LearnerClass } from "@/lib/learner-access/classes";

/** One class on the child's page: what, with whom, when (the family's clock), a big Join and a way to write to the teacher. */
export function LearnerClassCard({ item, when, showJoin }: { item: LearnerClass; when: string; showJoin: boolean }) {
  const isOpen = item.window.state === "open";
  return (
    <li className="rounded-2xl border-2 border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xl font-bold text-slate-900">{item.courseTitle}</p>
      <p className="mt-1 text-slate-800">
        {when} with {item.teacherName}
        {item.isMoved ? " (new time)" : ""}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {showJoin ? (
          isOpen ? (
            <a
              href={item.joinHref}
              className="inline-flex min-h-14 items-center rounded-2xl bg-green-700 px-8 py-3 text-xl font-bold text-white hover:bg-green-800"
            >
              Join {item.courseTitle}
            </a>
          ) : (
            <p className="inline-flex min-h-14 items-center rounded-2xl border-2 border-dashed border-slate-400 px-5 py-3 font-semibold text-slate-800">
              Join opens 10 minutes before
            </p>
          )
        ) : null}
        <Link
          href={`/learn/messages/${item.bookingId}`}
          className="inline-flex min-h-14 items-center rounded-2xl border-2 border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Write to {item.teacherName}
        </Link>
      </div>
    </li>
  );
}
