import { IntentLink } from "@/components/ui/intent-link";

import { ApplicationStatus } from "@/components/dashboards/application-status";
import { TeacherApplicationForm } from "@/components/forms/teacher-application-form";
import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { Prose } from "@/components/ui/prose";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
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
  const [application, zone] = await Promise.all([findOwnApplication(user.databaseId), timezoneOfUser(user.databaseId)]);
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
          We email you as soon as it arrives.
        </p>
        <ol>
          <li>
            <strong>Checks.</strong> We confirm your identity, run a background check and watch a short sample lesson as you would teach it.
            You accept our child-safety policy with the application. Checks are renewed: the background check and the policy each year.
          </li>
          <li>
            <strong>Approval.</strong> Once every check has passed, we approve you: your public teacher page goes live and your teacher
            dashboard opens. If we cannot approve you, we tell you why.
          </li>
          <li>
            <strong>Your first class.</strong> Add the catalogue courses you teach (or propose a new one), set your hours, prices and times,
            and publish a section. We review your first listing before it goes on sale; after that, what you publish is on sale at once.
          </li>
          <li>
            <strong>Getting paid.</strong> Set up payouts from your earnings page; each month&rsquo;s statement is paid to your account.
          </li>
        </ol>

        <h2>Child-safety policy</h2>
        <ul>
          <li>Classes happen only on the platform: no private calls, messages, emails or social media contact with students.</li>
          <li>Never ask a child for personal information, photos, or to keep a secret; share no personal contact details of your own.</li>
          <li>Keep your camera on, in a quiet, appropriate setting; recording happens only with every family&rsquo;s consent.</li>
          <li>Report any concern about a child&rsquo;s safety to our support team the same day.</li>
          <li>Keep your checks current: an expired check takes your classes off sale until it is renewed.</li>
        </ul>
      </Prose>

      <PageSection
        id="application"
        title="Your application"
        className="mt-10"
        headingClassName="text-2xl font-bold tracking-tight text-slate-900"
      >
        <div className="mt-4 space-y-6">
          {application ? <ApplicationStatus application={application} zone={zone} /> : null}
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
