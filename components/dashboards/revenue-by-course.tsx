import type { CourseRevenue } from "@/lib/commerce/revenue";

/** Revenue per course as a table (figures an admin compares and copies), best-selling first. */
export function RevenueByCourse({
  rows,
  others,
  format,
  caption,
}: {
  rows: CourseRevenue[];
  others: { courses: number; netMinor: number } | null;
  format: (minor: number) => string;
  caption: string;
}) {
  if (rows.length === 0) return <p className="text-slate-700">No seats were paid for or refunded in these days.</p>;
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-700">
          <th scope="col" className="px-3 py-2 text-left">
            Course
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Seats
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Paid
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Refunded
          </th>
          <th scope="col" className="px-3 py-2 text-right">
            Revenue
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.title}>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
              {row.title}
            </th>
            <td className={cell}>{row.seats}</td>
            <td className={cell}>{format(row.grossMinor)}</td>
            <td className={cell}>{row.refundedMinor ? `−${format(row.refundedMinor)}` : format(0)}</td>
            <td className={`${cell} font-semibold text-slate-900`}>{format(row.netMinor)}</td>
          </tr>
        ))}
        {others ? (
          <tr>
            <th scope="row" className="px-3 py-2 text-left font-medium text-slate-700">
              {others.courses} other courses
            </th>
            <td className={cell} colSpan={3} />
            <td className={`${cell} font-semibold text-slate-900`}>{format(others.netMinor)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
