import Link from "next/link";

import type { ConcernSubject } from "@/lib/safety/schema";

/** The "Report a concern" link on a class, a teacher, a message or a review (issue 40): to the report form about it. */
export function ReportLink({
  subjectType,
  subjectId,
  label = "Report a concern",
  className,
}: {
  subjectType: ConcernSubject;
  subjectId: string | number;
  label?: string;
  className?: string;
}) {
  return (
    <Link
      href={`/report?type=${subjectType}&id=${encodeURIComponent(String(subjectId))}`}
      className={className ?? "text-sm font-semibold text-red-800 underline underline-offset-4"}
      rel="nofollow"
    >
      {label}
    </Link>
  );
}
