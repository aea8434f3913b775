"use client";

import type { ZoneOption } from "@/lib/scheduling/zone-name";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { toastSuccess } from "@/browser/toast";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { errorProps, FormField, inputClass } from "@/components/forms/form-field";
import { SubmitButton } from "@/components/forms/submit-button";

/** The account's time zone, chosen from the zones the server lists (IANA values, labels as people say them); every page shows times in it. */
export function TimezoneForm({
  current,
  zones,
  submit,
}: {
  current: string;
  zones: ZoneOption[];
  submit: (input: { timezone: string }) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [zone, setZone] = useState(current);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    const result = await callAction(submit, { timezone: zone });
    setIsBusy(false);
    if (!result.ok) return setError(result.fieldErrors?.timezone ?? result.message);
    setError(undefined);
    router.refresh();
    await toastSuccess(result.message);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="profile-timezone" label="Time zone" hint="(class and demo times are shown in it)" error={error}>
        <select
          id="profile-timezone"
          className={inputClass}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          {...errorProps("profile-timezone", error)}
        >
          {zones.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      <SubmitButton isBusy={isBusy}>Save time zone</SubmitButton>
    </form>
  );
}
