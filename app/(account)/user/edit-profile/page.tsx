import { TimezoneForm } from "@/components/account/timezone-form";
import { ProfileForm } from "@/components/forms/profile-form";
import { SignOutEverywhere } from "@/components/forms/sign-out-everywhere";
import { requireUser } from "@/lib/platform/auth/session";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";
import { canonicalTimeZone, zoneOptions } from "@/lib/scheduling/time";

import { signOutEverywhereAction } from "./sign-out-everywhere-action";
import { updateProfileAction, updateTimezoneAction } from "./actions";

export const metadata = { title: "Edit profile" };

export default async function EditProfilePage() {
  const user = await requireUser("/user/edit-profile");
  // Shown by its IANA name: a browser may have stored the old one ("Asia/Calcutta").
  const timezone = canonicalTimeZone((await findUserTimezone(user.databaseId)) ?? FALLBACK_TIMEZONE);
  return (
    <div className="max-w-md">
      <h1 className="text-3xl font-extrabold text-slate-900">Edit profile</h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ProfileForm displayName={user.displayName ?? ""} email={user.email} submit={updateProfileAction} />
      </div>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {/* key: a zone stored after this render (the layout's browser zone) resets the select. */}
        <TimezoneForm key={timezone} current={timezone} zones={zoneOptions(timezone)} submit={updateTimezoneAction} />
      </div>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignOutEverywhere userId={user.id} action={signOutEverywhereAction} />
      </div>
    </div>
  );
}
