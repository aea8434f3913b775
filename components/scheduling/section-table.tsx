import Link from "next/link";

import type { SectionListRow } from "@/lib/scheduling/section-admin";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { formatPrice } from "@/lib/scheduling/weekly-times";

const CLASS_TYPE_LABELS = { one_on_one: "1-on-1", group: "Group" } as const;
const STATUS_LABELS = { draft: "Draft", open: "Open", full: "Full", closed: "Closed" } as const;

/** Sections with status, next session (in the section's zone, named), seats booked of capacity and price. */
export function SectionTable({
  rows,
  editPath,
  showTeacher,
  withAttendance = false,
  zone,
}: {
  rows: SectionListRow[];
  editPath: string;
  showTeacher: boolean;
  /** The teacher's list: each section's attendance sheet and note (the dashboard shows only the next three classes). */
  withAttendance?: boolean;
  /** The viewer's zone (issue 31: one clock per person), not each section's. */
  zone: string;
}) {
  if (rows.length === 0) return <p className="text-slate-700">No sections yet.</p>;
  return (
    // relative: the cells' screen-reader-only labels (position: absolute) stay inside the scrolling box on a phone.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Sections, by course</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2">
              Course
            </th>
            {showTeacher ? (
              <th scope="col" className="px-3 py-2">
                Teacher
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2">
              Type
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Next session
            </th>
            <th scope="col" className="px-3 py-2">
              Seats booked
            </th>
            <th scope="col" className="px-3 py-2">
              Price
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-3 py-2 font-semibold text-slate-900">{row.courseTitle}</td>
              {showTeacher ? <td className="px-3 py-2 text-slate-800">{row.teacherName}</td> : null}
              <td className="px-3 py-2 text-slate-800">{CLASS_TYPE_LABELS[row.classType]}</td>
              <td className="px-3 py-2 text-slate-800">
                {row.checkExpired
                  ? `${STATUS_LABELS[row.status]}: off sale, a check has expired`
                  : row.inReview
                    ? `${STATUS_LABELS[row.status]}: in review`
                    : STATUS_LABELS[row.status]}
              </td>
              <td className="px-3 py-2 text-slate-800">{row.nextSessionAt ? formatInstantInZone(row.nextSessionAt, zone) : "None left"}</td>
              <td className="px-3 py-2 text-slate-800">
                {row.seatsBooked} / {row.capacity}
              </td>
              <td className="px-3 py-2 text-slate-800">{formatPrice(row.priceMinor, row.currency)}</td>
              <td className="px-3 py-2">
                <Link href={`${editPath}/${row.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
                  Edit<span className="sr-only"> the section of {row.courseTitle}</span>
                </Link>{" "}
                ·{" "}
                <Link href={`${editPath}/${row.id}/sessions`} className="font-semibold text-brand-700 underline underline-offset-2">
                  Sessions<span className="sr-only"> of the section of {row.courseTitle}</span>
                </Link>
                {withAttendance ? (
                  <>
                    {" "}
                    ·{" "}
                    <Link href={`${editPath}/${row.id}/attendance`} className="font-semibold text-brand-700 underline underline-offset-2">
                      Attendance<span className="sr-only"> and note of {row.courseTitle}</span>
                    </Link>{" "}
                    ·{" "}
                    <Link href={`${editPath}/${row.id}/homework`} className="font-semibold text-brand-700 underline underline-offset-2">
                      Homework<span className="sr-only"> of {row.courseTitle}</span>
                    </Link>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
