import { AdminNav } from "@/components/dashboards/admin-nav";
import { AdminPager } from "@/components/dashboards/admin-pager";
import { AdminUserFilters } from "@/components/dashboards/admin-user-filters";
import { AdminUserTable } from "@/components/dashboards/admin-user-table";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listUsers, timezoneOfUser } from "@/lib/accounts/user-directory";
import { parseUserFilters } from "@/lib/accounts/user-directory-schema";

import { changeRoleAction, liftSuspensionAction } from "./actions";

export const metadata = { title: "Users" };

const PATH = "/admin/users";

/** Issue 4: the admin finds users and changes their role; the user sees it at their next page load. */
export default async function AdminUsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePagePermission("users.manage", PATH);
  const filters = parseUserFilters(await searchParams);
  const [{ users, nextAfter }, zone] = await Promise.all([listUsers(actor, filters), timezoneOfUser(actor.id)]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Users</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        A new role takes effect at the user&apos;s next page load. Every change is recorded with who made it.
      </p>
      <div className="mt-6">
        <AdminUserFilters filters={filters} action={PATH} />
      </div>
      <div className="mt-6">
        <AdminUserTable users={users} actorId={actor.id} changeRole={changeRoleAction} liftSuspension={liftSuspensionAction} zone={zone} />
      </div>
      <AdminPager path={PATH} query={filters} nextAfter={nextAfter} label="Pages of users" />
    </>
  );
}
