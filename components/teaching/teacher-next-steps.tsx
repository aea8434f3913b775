import Link from "next/link";

/**
 * Issue 38: a new teacher's road on their dashboard, each step linked, until it is all done: courses
 * they teach, a section on sale (their first is reviewed), payouts set up before a statement is paid.
 */
export function TeacherNextSteps({
  teachesCourses,
  hasSectionOnSale,
  inReview,
  payoutsNeeded,
  checkExpired,
}: {
  teachesCourses: boolean;
  hasSectionOnSale: boolean;
  inReview: boolean;
  payoutsNeeded: boolean;
  checkExpired: boolean;
}) {
  const steps = [
    checkExpired && {
      href: "/teacher/sections",
      text: "A check of yours has expired: your sections are off sale until our team renews it.",
    },
    !teachesCourses && { href: "/teacher/courses", text: "Add the catalogue courses you teach, or propose a new one." },
    teachesCourses &&
      !hasSectionOnSale &&
      !inReview && {
        href: "/teacher/sections/new",
        text: "Publish a section as Open: our team reviews your first one, then it is on sale.",
      },
    inReview && { href: "/teacher/sections", text: "Your first section is in review: we email you when it is on sale." },
    payoutsNeeded && { href: "/teacher/earnings", text: "Set up payouts, so your monthly statements can be paid to you." },
  ].filter((step): step is { href: string; text: string } => Boolean(step));
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="next-steps" className="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-4">
      <h2 id="next-steps" className="text-lg font-bold text-slate-900">
        Next steps
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {steps.map((step) => (
          <li key={step.href}>
            <Link href={step.href} className="text-brand-800 underline underline-offset-2">
              {step.text}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
