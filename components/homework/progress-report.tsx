import type { Certificate } from "@/lib/homework/certificates";
import { MARK_MAX } from "@/lib/homework/limits";
import type { ProgressReport } from "@/lib/homework/progress";
import { formatDate } from "@/lib/scheduling/time";

/** A child's progress report: attendance, homework handed in, the marks over time, the teacher's comment and next step. */
export function ProgressReportCard({ report, childName }: { report: ProgressReport; childName: string }) {
  const attended = report.attendance.present + report.attendance.late;
  const marked = report.attendance.present + report.attendance.late + report.attendance.absent;
  return (
    <article
      className="space-y-2 rounded-xl border border-slate-200 p-4"
      aria-label={`Progress report: ${report.courseTitle}, ${childName}`}
    >
      <h4 className="font-bold text-slate-900">
        {report.courseTitle} · {childName} · to {formatDate(report.periodEndsOn)}
      </h4>
      <p className="text-slate-800">
        Attended {attended} of {marked} sessions marked{report.attendance.late > 0 ? ` (${report.attendance.late} late)` : ""}. Homework
        handed in: {report.homework.handedIn} of {report.homework.set}
        {report.homework.late > 0 ? ` (${report.homework.late} late)` : ""}.
      </p>
      {report.marks.length > 0 ? (
        <table className="text-sm">
          <caption className="sr-only">Marks over time</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                Homework
              </th>
              <th scope="col" className="text-left">
                Marks (of {MARK_MAX})
              </th>
            </tr>
          </thead>
          <tbody>
            {report.marks.map((m) => (
              <tr key={`${m.title}-${m.dueAt}`}>
                <td className="pr-4">{m.title}</td>
                <td>{m.marks.map((x) => `${x.criterion} ${x.mark}`).join(", ") || "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="whitespace-pre-line text-slate-900">{report.comment}</p>
      <p className="text-slate-900">
        <span className="font-semibold">Next step:</span> {report.nextStep}
      </p>
    </article>
  );
}

export const certificatePdfHref = (id: string) => `/certificates/${id}/pdf`;
export const certificatePageHref = (id: string) => `/certificates/${id}`;

/** A child's certificates: the PDF, and the page anyone can open to check it. */
export function CertificateList({ certificates }: { certificates: Certificate[] }) {
  if (certificates.length === 0) return null;
  return (
    <ul className="space-y-1">
      {certificates.map((c) => (
        <li key={c.id}>
          {c.courseTitle}, {c.learnerFirstName}:{" "}
          <a href={certificatePdfHref(c.id)} className="font-semibold text-brand-700 underline underline-offset-4">
            Certificate (PDF)
          </a>{" "}
          ·{" "}
          <a href={certificatePageHref(c.id)} className="text-brand-700 underline underline-offset-4">
            Verification page
          </a>
        </li>
      ))}
    </ul>
  );
}
