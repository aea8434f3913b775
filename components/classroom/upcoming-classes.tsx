import Link from "next/link";

import type { UpcomingClass } from "@/lib/classroom/join";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { JoinButton } from "./join-button";

/** The next session of each class, with its Join button (open from 10 minutes before the start to the end). */
export function UpcomingClasses({
  classes,
  timezone,
  empty,
  withAttendance = false,
}: {
  classes: UpcomingClass[];
  timezone: string;
  empty: string;
  /** The teacher's view: a link to each section's attendance sheet. */
  withAttendance?: boolean;
}) {
  if (classes.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {classes.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div>
            <p className="font-semibold text-slate-900">
              {item.courseTitle}
              {item.kind === "demo" ? " (demo)" : ""} · {item.who}
            </p>
            <p className="text-sm text-slate-700">
              {item.note ?? "Next session"}: <time dateTime={item.startsAt}>{formatInstantInZone(item.startsAt, timezone)}</time>
            </p>
          </div>
          <div className="flex items-center gap-3">
            {withAttendance && item.sectionId ? (
              <Link
                href={`/teacher/sections/${item.sectionId}/attendance`}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Attendance and note<span className="sr-only"> of {item.courseTitle}</span>
              </Link>
            ) : null}
            <JoinButton
              href={item.joinHref}
              opensAt={item.window.opensAt}
              closesAt={item.window.closesAt}
              initialState={item.window.state}
              label={`${item.courseTitle} with ${item.who}`}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
