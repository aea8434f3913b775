import { FilterField, FilterForm } from "@/components/dashboards/filter-form";
import { inputClass } from "@/components/forms/form-field";
import { ROLES } from "@/lib/platform/auth/roles";
import { ROLE_LABELS, type UserFilters } from "@/lib/accounts/user-directory-schema";

/** The users list's search: a plain GET form, so it works without JavaScript and filtered views are links. */
export function AdminUserFilters({ filters, action }: { filters: UserFilters; action: string }) {
  return (
    <FilterForm action={action} label="Search users" submitLabel="Search" className="sm:grid-cols-4">
      <FilterField id="user-q" label="Email or name" className="sm:col-span-2">
        <input id="user-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={inputClass} />
      </FilterField>
      <FilterField id="user-role" label="Role">
        <select id="user-role" name="role" defaultValue={filters.role ?? ""} className={inputClass}>
          <option value="">Any role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </FilterField>
    </FilterForm>
  );
}
