import { LearnerHomeworkList } from "@/components/homework/homework-details";
import { CertificateList, ProgressReportCard } from "@/components/homework/progress-report";
import { learnerCertificates } from "@/lib/homework/certificates";
import { learnerProgress } from "@/lib/homework/progress";
import { familyHomework } from "@/lib/homework/views";
import { getDb } from "@/lib/platform/db/client";
import { listLearners } from "@/lib/scheduling/learners";

/** The family's homework (to do and done, with feedback), each child's progress reports and certificates. */
export async function HomeworkSection({ parentId, timezone }: { parentId: number; timezone: string }) {
  const db = await getDb();
  const [items, children] = await Promise.all([familyHomework(db, parentId), listLearners(parentId)]);
  const perChild = await Promise.all(
    children.map(async (child) => ({
      child,
      reports: await learnerProgress(db, child.id),
      certificates: await learnerCertificates(db, child.id),
    })),
  );
  const reports = perChild.flatMap(({ child, reports }) => reports.map((report) => ({ child, report })));
  const certificates = perChild.flatMap((c) => c.certificates);
  return (
    <>
      <section aria-labelledby="homework-heading" id="homework" className="mt-10">
        <h2 id="homework-heading" className="mb-3 text-xl font-bold text-slate-900">
          Homework
        </h2>
        <LearnerHomeworkList
          items={items}
          timezone={timezone}
          hrefOf={(item) => `/my-courses/homework/${item.taskId}?learner=${item.learnerId}`}
        />
      </section>
      {reports.length > 0 || certificates.length > 0 ? (
        <section aria-labelledby="progress-heading" className="mt-10 space-y-4">
          <h2 id="progress-heading" className="text-xl font-bold text-slate-900">
            Progress and certificates
          </h2>
          {reports.map(({ child, report }) => (
            <ProgressReportCard key={report.id} report={report} childName={child.firstName} />
          ))}
          <CertificateList certificates={certificates} />
        </section>
      ) : null}
    </>
  );
}
