import { ActionForm } from "@/components/dashboards/action-form";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { DataTable } from "@/components/dashboards/data-table";
import { inputClass } from "@/components/forms/form-field";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { listLinkHosts } from "@/lib/safety/link-hosts";
import { formatInstantInZone } from "@/lib/scheduling/time";

import { addLinkHostAction, removeLinkHostAction } from "./actions";

export const metadata = { title: "Allowed link sites" };

const PATH = "/admin/link-hosts";

/** Issue 40: the sites teachers may link to in messages, notes and homework without support's review. */
export default async function AdminLinkHostsPage() {
  const actor = await requirePagePermission("link-hosts.manage", PATH);
  const [hosts, zone] = await Promise.all([listLinkHosts(actor), timezoneOfUser(actor.id)]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Allowed link sites</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Links to these sites (and their subdomains) in messages, session notes and homework reach families as written. A link to any other
        site is masked in messages and notes, and a homework link to one waits for support. Every change is recorded with who made it, and
        screening uses the new list within a minute.
      </p>
      <ActionForm action={addLinkHostAction} className="mt-6 flex flex-wrap items-end gap-3" resetOnSuccess>
        <label className="block">
          <span className="font-semibold text-slate-800">Site</span>
          <input name="host" required maxLength={253} placeholder="scratch.mit.edu" className={inputClass} />
        </label>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Add site
        </button>
      </ActionForm>
      <div className="mt-8">
        {hosts.length === 0 ? (
          <p className="text-slate-700">No site is on the list: every link is masked or held for support.</p>
        ) : (
          <DataTable caption="Allowed sites, A to Z" columns={["Site", "Added", "By", "Remove"]}>
            {hosts.map((row) => (
              <tr key={row.host} className="border-t border-slate-200 align-top">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {row.host}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(row.addedAt, zone)}</td>
                <td className="px-3 py-2">{row.addedBy ?? "First list"}</td>
                <td className="px-3 py-2">
                  <ActionForm action={removeLinkHostAction}>
                    <input type="hidden" name="host" value={row.host} />
                    <button
                      type="submit"
                      aria-label={`Remove ${row.host}`}
                      className="rounded-lg border border-slate-400 bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-50"
                    >
                      Remove
                    </button>
                  </ActionForm>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </>
  );
}
