import { AdminNav } from "@/components/dashboards/admin-nav";
import { SectionForm } from "@/components/scheduling/section-form";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { sectionFormSetup } from "@/lib/scheduling/section-admin";
import { zoneOptions } from "@/lib/scheduling/time";

import { createSectionAction } from "../../../teacher/sections/actions";

export const metadata = { title: "New section" };

const LIST = "/admin/sections";

export default async function NewAdminSectionPage() {
  const actor = await requirePagePermission("courses.manage", `${LIST}/new`);
  const setup = await sectionFormSetup(actor);
  return (
    <>
      <AdminNav current={LIST} />
      <h1 className="mb-6 text-3xl font-extrabold text-slate-900">New section</h1>
      <SectionForm
        action={createSectionAction}
        defaultValues={setup.blank}
        courses={setup.courses}
        teachers={setup.teachers}
        zones={zoneOptions(setup.blank.timezone)}
        submitLabel="Create section"
        afterSave={LIST}
      />
    </>
  );
}
