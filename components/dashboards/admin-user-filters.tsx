import Link from "next/link";

import { inputClass } from "@/components/forms/form-field";
import { ROLES } from "@/lib/auth/roles";
import { ROLE_LABELS, type UserFilters } from "@/lib/users/schema";

const labelClass = "block text-sm font-semibold text-slate-800";

/** The users list's search: a plain GET form, so it works without JavaScript and filtered views are links. */
export function AdminUserFilters({ filters, action }: { filters: UserFilters; action: string }) {
  return (
    <form method="get" action={action} role="search" aria-label="Search users" className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4">
      <div className="sm:col-span-2">
        <label htmlFor="user-q" className={labelClass}>
          Email or name
        </label>
        <input id="user-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={inputClass} />
      </div>
      <div>
        <label htmlFor="user-role" className={labelClass}>
          Role
        </label>
        <select id="user-role" name="role" defaultValue={filters.role ?? ""} className={inputClass}>
          <option value="">Any role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Search
        </button>
        <Link href={action} className="rounded-lg px-2 py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
