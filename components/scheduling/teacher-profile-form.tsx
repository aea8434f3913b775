"use client";

import type { ZoneOption } from "@/lib/scheduling/zone-name";
import { FormField, errorProps, inputClass } from "@/components/forms/form-field";
import { useSubmitAction } from "@/components/forms/use-submit-action";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { TimezoneSelect } from "./timezone-select";

export interface TeacherProfileValues {
  publicName: string;
  bio: string;
  subjects: string;
  timezone: string;
}

/** The teacher's public name, bio, subjects and the zone their hours are in. */
export function TeacherProfileForm({
  action,
  defaultValues,
  zones,
}: {
  action: (data: FormData) => Promise<ActionResult>;
  defaultValues: TeacherProfileValues;
  zones: ZoneOption[];
}) {
  const { onSubmit, isPending, errorOf } = useSubmitAction(action);
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isPending} className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <FormField id="profile-publicName" label="Name families see" error={errorOf("publicName")}>
        <input
          id="profile-publicName"
          name="publicName"
          type="text"
          maxLength={80}
          defaultValue={defaultValues.publicName}
          className={inputClass}
          {...errorProps("profile-publicName", errorOf("publicName"))}
        />
      </FormField>
      <FormField id="profile-timezone" label="Your time zone" error={errorOf("timezone")}>
        <TimezoneSelect
          id="profile-timezone"
          name="timezone"
          zones={zones}
          defaultValue={defaultValues.timezone}
          error={errorOf("timezone")}
        />
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="profile-subjects" label="Subjects" hint="(separated by commas)" error={errorOf("subjects")}>
          <input
            id="profile-subjects"
            name="subjects"
            type="text"
            defaultValue={defaultValues.subjects}
            className={inputClass}
            {...errorProps("profile-subjects", errorOf("subjects"))}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <FormField id="profile-bio" label="Short bio" error={errorOf("bio")}>
          <textarea
            id="profile-bio"
            name="bio"
            rows={3}
            maxLength={1000}
            defaultValue={defaultValues.bio}
            className={inputClass}
            {...errorProps("profile-bio", errorOf("bio"))}
          />
        </FormField>
      </div>
      <div>
        <button
          type="submit"
          disabled={isPending}
          className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isPending ? "Saving…" : "Save profile"}
        </button>
      </div>
    </form>
  );
}
