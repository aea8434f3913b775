import { notFound } from "next/navigation";

import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { SectionForm } from "@/components/scheduling/section-form";
import { sectionEnrolmentFor } from "@/lib/commerce/refunds/section-close";
import { withdrawalPrompt } from "@/lib/commerce/refunds/section-close-schema";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { findSectionForEdit, sectionFormSetup } from "@/lib/scheduling/section-admin";
import { sectionFormValues } from "@/lib/scheduling/section-form";
import { zoneOptions } from "@/lib/scheduling/time";

import { updateSectionAction } from "../actions";

export const metadata = { title: "Edit section" };

const LIST = "/teacher/sections";

/** Someone else's section answers 404, as if it did not exist. */
export default async function EditTeacherSectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("sections.manage", `${LIST}/${encodeURIComponent(id)}`);
  const section = /^\d{1,9}$/.test(id) ? await findSectionForEdit(actor, Number(id)) : null;
  if (!section) notFound();
  const setup = await sectionFormSetup(actor);
  // Closing it withdraws and refunds its families: the form says how many, and for how much, before it is confirmed.
  const enrolment = await sectionEnrolmentFor(actor, section.id);
  return (
    <>
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">Edit section {section.id}</h1>
      <TeacherNav current={LIST} isAdmin={actor.role === "admin"} />
      <SectionForm
        action={updateSectionAction.bind(null, section.id)}
        defaultValues={sectionFormValues(section)}
        courses={setup.courses}
        teachers={setup.teachers}
        zones={zoneOptions(section.timezone)}
        withdrawal={enrolment ? withdrawalPrompt(enrolment) : null}
        submitLabel="Save section"
        afterSave={LIST}
      />
    </>
  );
}
