import { errorProps, inputClass } from "@/components/forms/form-field";

/** An IANA zone picker; the list comes from the server (Node's and the browser's lists differ, and would not hydrate alike). */
export function TimezoneSelect({
  id,
  name,
  zones,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  zones: string[];
  defaultValue: string;
  error?: string;
}) {
  const list = zones.includes(defaultValue) ? zones : [defaultValue, ...zones];
  return (
    <select id={id} name={name} defaultValue={defaultValue} className={inputClass} {...errorProps(id, error)}>
      {list.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, " ")}
        </option>
      ))}
    </select>
  );
}
