import { IntentLink } from "@/components/ui/intent-link";

import { ApplicationStatus } from "@/components/dashboards/application-status";
import { TeacherApplicationForm } from "@/components/forms/teacher-application-form";
import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { Prose } from "@/components/ui/prose";
import { teacherShareText } from "@/lib/commerce/earnings/attribution";
import { requireUser } from "@/lib/platform/auth/session";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";
import { findOwnApplication } from "@/lib/teachers/applications/queries";

import { applyToTeachAction } from "./actions";

export const metadata = pageMetadata({
  title: "Become a teacher",
  description: `Teach live online classes to school-age children with ${brand.name}. Requirements, what we offer and how to apply.`,
  path: "/become-a-teacher",
});

/** Guarded (SPEC 4): only signed-in people reach it, so it is rendered per request with their application. */
export default async function BecomeATeacherPage() {
  const user = await requireUser("/become-a-teacher");
  const application = await findOwnApplication(user.databaseId);
  const isStaff = user.role !== "student";
  const canApply = !isStaff && (application === null || application.status === "declined");
  // An approved applicant is a teacher now: their status already points to the dashboard.
  const showsStaffNote = isStaff && application?.status !== "approved";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Teach with us" title="Become a teacher">
        <p>
          Do you love your subject and enjoy helping children understand it? {brand.name} teachers run live online classes in coding,
          academics, languages, music and life skills, one-on-one and in small groups, for students in grades 1 to 12.
        </p>
      </PageIntro>

      <Prose className="mt-10">
        <h2>What we look for</h2>
        <ul>
          <li>Strong knowledge of the subject you want to teach, shown by a degree, certification or professional experience.</li>
          <li>Experience teaching or coaching children or teenagers, in a school, a club, tutoring or online.</li>
          <li>Clear, patient and encouraging communication in English.</li>
          <li>A computer with a webcam and headset, a reliable broadband connection and a quiet, well-lit place to teach.</li>
          <li>Availability for at least a few hours a week, including after-school hours in US time zones.</li>
          <li>
            Willingness to complete a background check and follow our child-safety and conduct standards. Our students are children, and
            their safety comes first.
          </li>
        </ul>

        <h2>What we offer</h2>
        <ul>
          <li>
            <strong>Students come to you.</strong> Families find us, take a free demo class and are matched with a teacher who suits them,
            so you can focus on teaching.
          </li>
          <li>
            <strong>A flexible schedule.</strong> You tell us when you are available, and classes are arranged within those hours.
          </li>
          <li>
            <strong>Teach from anywhere.</strong> All classes are online and live.
          </li>
          <li>
            <strong>Support behind you.</strong> Our support team handles scheduling and most parent communication, and is there when
            something goes wrong.
          </li>
          <li>
            <strong>A published share.</strong> {teacherShareText()}
          </li>
          <li>
            <strong>Clear terms.</strong> Class load and expectations are discussed openly during the interview and confirmed in writing
            before you start; your monthly statement shows every session, refund and credit behind what you are paid.
          </li>
        </ul>

        <h2>How to apply</h2>
        <p>
          Fill in the application below with the subjects and grades you would like to teach, your experience and your weekly availability.
          We will ask for your resume and references by email if we invite you to the next step.
        </p>
        <ol>
          <li>
            <strong>Application review.</strong> We read every application and reply to let you know whether we are inviting you to the next
            step.
          </li>
          <li>
            <strong>Interview and sample lesson.</strong> A video call with our team, including a short lesson as you would teach it to a
            student.
          </li>
          <li>
            <strong>Checks.</strong> Background check and references.
          </li>
          <li>
            <strong>Onboarding.</strong> We show you how classes, scheduling and parent updates work, then match you with your first
            students.
          </li>
        </ol>
      </Prose>

      <PageSection
        id="application"
        title="Your application"
        className="mt-10"
        headingClassName="text-2xl font-bold tracking-tight text-slate-900"
      >
        <div className="mt-4 space-y-6">
          {application ? <ApplicationStatus application={application} /> : null}
          {showsStaffNote ? (
            <p className="rounded-xl border border-slate-200 bg-slate-50 p-6 text-slate-700">
              Your account already has the {user.role} role, so there is nothing to apply for.{" "}
              {user.role === "teacher" || user.role === "admin" ? (
                <IntentLink href="/teacher/dashboard" className="font-semibold text-brand-700 underline underline-offset-4">
                  Open the teacher dashboard
                </IntentLink>
              ) : null}
            </p>
          ) : null}
          {canApply ? (
            <TeacherApplicationForm
              defaultName={user.displayName ?? user.name ?? ""}
              defaultEmail={user.email}
              submit={applyToTeachAction}
            />
          ) : null}
        </div>
      </PageSection>

      <Prose className="mt-10">
        <p>
          Questions before you apply? Call us at <a href={brand.supportPhoneHref}>{brand.supportPhone}</a>, {brand.supportHours}.
        </p>
      </Prose>
    </div>
  );
}
