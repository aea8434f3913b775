import Link from "next/link";

import type { HomeworkDue } from "@/lib/homework/due";
import { formatInstantInZone } from "@/lib/scheduling/time";

/**
 * Homework on the child's week: each task's due time on the family's clock, the zone named, and a
 * late one marked so (late work is still taken). Each links to the task's page to hand it in.
 */
export function HomeworkDueList({ due, timezone, label }: { due: HomeworkDue[]; timezone: string; label: string }) {
  if (due.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-4 space-y-3">
      {due.map(({ item, when }) => (
        <li key={item.taskId} className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-4">
          <p className="text-xl font-bold text-slate-900">
            <Link href={`/learn/homework/${item.taskId}`} className="text-brand-700 underline underline-offset-4">
              {item.title}
            </Link>
          </p>
          <p className="mt-1 text-slate-800">
            Homework for {item.courseTitle}. Due <time dateTime={item.dueAt}>{formatInstantInZone(item.dueAt, timezone)}</time>
            {when === "late" ? (
              <span className="ml-2 rounded bg-amber-200 px-2 py-0.5 font-semibold text-amber-950">Late: hand it in anyway</span>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
