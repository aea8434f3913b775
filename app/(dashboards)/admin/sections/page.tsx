import Link from "next/link";

import { AdminNav } from "@/components/dashboards/admin-nav";
import { SectionTable } from "@/components/scheduling/section-table";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listSectionsFor } from "@/lib/scheduling/section-admin";

export const metadata = { title: "Sections" };

const PATH = "/admin/sections";

/** Issue 17: every section of every course and teacher; the admin creates and edits any of them. */
export default async function AdminSectionsPage() {
  const actor = await requirePagePermission("courses.manage", PATH);
  const [rows, zone] = await Promise.all([listSectionsFor(actor), timezoneOfUser(actor.id)]);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Sections</h1>
      <AdminNav current={PATH} />
      <p className="mb-4">
        <Link href={`${PATH}/new`} className="inline-block rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          New section
        </Link>
      </p>
      <SectionTable rows={rows} editPath={PATH} showTeacher zone={zone} />
    </>
  );
}
