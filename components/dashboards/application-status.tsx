import Link from "next/link";

import { formatInstantInZone } from "@/lib/scheduling/time";
import type { OwnApplication } from "@/lib/teachers/applications/queries";

const EXPLANATIONS: Record<OwnApplication["status"], string> = {
  pending:
    "We are checking your identity, running a background check and will ask you for a short sample lesson. We email you as soon as we have decided.",
  approved: "Welcome aboard! Your account now has teacher access and your public teacher page is live.",
  declined: "Thank you for your interest. We are not able to offer you a place this time; you are welcome to apply again below.",
};

const TONES: Record<OwnApplication["status"], string> = {
  pending: "border-amber-300 bg-amber-50",
  approved: "border-green-300 bg-green-50",
  declined: "border-slate-300 bg-slate-50",
};

/** The applicant's own application on /become-a-teacher: when it was sent (on their clock, `zone`, named) and where it stands. */
export function ApplicationStatus({ application, zone }: { application: OwnApplication; zone: string }) {
  return (
    <div className={`rounded-xl border p-6 ${TONES[application.status]}`}>
      <p className="text-lg font-semibold text-slate-900">
        We have your application from {formatInstantInZone(application.createdAt, zone)}; status: {application.status}
      </p>
      <p className="mt-2 text-slate-700">{EXPLANATIONS[application.status]}</p>
      {application.status === "approved" ? (
        <Link
          href="/teacher/dashboard"
          className="mt-4 inline-block rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Open the teacher dashboard
        </Link>
      ) : null}
    </div>
  );
}
