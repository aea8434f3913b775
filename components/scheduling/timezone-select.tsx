import type { ZoneOption } from "@/lib/scheduling/zone-name";
import { errorProps, inputClass } from "@/components/forms/form-field";

/** A zone picker (IANA values, labels as people say them); the list comes from the server (Node's and the browser's lists differ, and would not hydrate alike). */
export function TimezoneSelect({
  id,
  name,
  zones,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  zones: ZoneOption[];
  defaultValue: string;
  error?: string;
}) {
  const list = zones.some((zone) => zone.value === defaultValue) ? zones : [{ value: defaultValue, label: defaultValue }, ...zones];
  return (
    <select id={id} name={name} defaultValue={defaultValue} className={inputClass} {...errorProps(id, error)}>
      {list.map((zone) => (
        <option key={zone.value} value={zone.value}>
          {zone.label}
        </option>
      ))}
    </select>
  );
}
