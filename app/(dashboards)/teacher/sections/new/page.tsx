import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { SectionForm } from "@/components/scheduling/section-form";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { sectionFormSetup } from "@/lib/scheduling/section-admin";
import { zoneOptions } from "@/lib/scheduling/time";

import { createSectionAction } from "../actions";

export const metadata = { title: "New section" };

const LIST = "/teacher/sections";

export default async function NewTeacherSectionPage() {
  const actor = await requirePagePermission("sections.manage", `${LIST}/new`);
  const setup = await sectionFormSetup(actor);
  return (
    <>
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">New section</h1>
      <TeacherNav current={LIST} isAdmin={actor.role === "admin"} />
      {setup.courses.length === 0 ? (
        <p className="text-slate-700">No course is assigned to you yet: an admin assigns courses to teachers.</p>
      ) : (
        <SectionForm
          action={createSectionAction}
          defaultValues={setup.blank}
          courses={setup.courses}
          teachers={setup.teachers}
          zones={zoneOptions(setup.blank.timezone)}
          submitLabel="Create section"
          afterSave={LIST}
        />
      )}
    </>
  );
}
