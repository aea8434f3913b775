import { accountExportHref } from "@/components/dashboards/account-data-export";
import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { ROLES } from "@/lib/platform/auth/roles";
import { formatInstantInZone } from "@/lib/scheduling/time";
import type { UserListRow } from "@/lib/accounts/user-directory";
import { ROLE_LABELS } from "@/lib/accounts/user-directory-schema";
import { DataTable } from "@/components/dashboards/data-table";

/** Users with a role select per row; the signed-in admin's own row has none (they cannot demote themselves). Dates in `zone`, named. */
export function AdminUserTable({
  users,
  actorId,
  changeRole,
  zone,
  liftSuspension,
}: {
  users: UserListRow[];
  actorId: number;
  changeRole: FormAction;
  zone: string;
  liftSuspension: FormAction;
}) {
  if (users.length === 0) return <p className="text-slate-700">No users match.</p>;
  return (
    <DataTable caption="Users, newest first" columns={["Email", "Name", "Role", "Created", "Change role", "Personal data"]}>
      {users.map((user) => (
        <tr key={user.id} className="border-t border-slate-200 align-top">
          <th scope="row" className="px-3 py-2 font-medium text-slate-900">
            {user.email}
          </th>
          <td className="px-3 py-2">{user.displayName ?? "—"}</td>
          <td className="px-3 py-2" data-testid="user-role">
            {ROLE_LABELS[user.role]}
            {user.suspendedAt ? (
              <div className="mt-1">
                <span className="font-semibold text-red-800">Suspended {formatInstantInZone(user.suspendedAt, zone)}</span>
                <ActionForm action={liftSuspension} className="mt-1">
                  <input type="hidden" name="userId" value={user.id} />
                  <button
                    type="submit"
                    aria-label={`Lift the suspension of ${user.email}`}
                    className="rounded-lg border border-slate-400 bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-50"
                  >
                    Lift suspension
                  </button>
                </ActionForm>
              </div>
            ) : null}
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(user.createdAt, zone)}</td>
          <td className="px-3 py-2">
            {user.id === actorId ? (
              <span className="text-slate-600">That is you</span>
            ) : (
              <ActionForm action={changeRole} className="flex flex-wrap items-center gap-2">
                <input type="hidden" name="userId" value={user.id} />
                <label htmlFor={`role-${user.id}`} className="sr-only">
                  Role for {user.email}
                </label>
                <select
                  id={`role-${user.id}`}
                  name="role"
                  defaultValue={user.role}
                  className="rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-slate-900"
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  aria-label={`Change role of ${user.email}`}
                  className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white hover:bg-brand-700"
                >
                  Change role
                </button>
              </ActionForm>
            )}
          </td>
          <td className="px-3 py-2">
            {/* Issue 26 finding 7: an admin may export any account (a download; the route checks and audits). */}
            <a
              href={accountExportHref(user.id)}
              download
              aria-label={`Export the data of ${user.email} (JSON)`}
              className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2"
            >
              Export (JSON)
            </a>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
