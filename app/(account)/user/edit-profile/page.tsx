import Link from "next/link";

import { TimezoneForm } from "@/components/account/timezone-form";
import { ProfileForm } from "@/components/forms/profile-form";
import { SignOutEverywhere } from "@/components/forms/sign-out-everywhere";
import { requireUser } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";
import { canonicalTimeZone, zoneOptions } from "@/lib/scheduling/time";

import { signOutEverywhereAction } from "./sign-out-everywhere-action";
import { updateProfileAction, updateTimezoneAction } from "./actions";

export const metadata = { title: "Edit profile" };

export default async function EditProfilePage() {
  const user = await requireUser("/user/edit-profile");
  // Shown by its IANA name: a browser may have stored the old one ("Asia/Calcutta").
  const timezone = canonicalTimeZone((await findUserTimezone(user.databaseId)) ?? FALLBACK_TIMEZONE);
  // The same page the emails' "unsubscribe" link opens, by the address's token (made on first need).
  const preferencesToken = await unsubscribeTokenFor(await getDb(), user.email);
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
      <section aria-labelledby="email-preferences" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="email-preferences" className="text-lg font-bold text-slate-900">
          Email preferences
        </h2>
        <p className="mt-1 text-slate-700">Choose which emails we send to {user.email}, such as the weekly digest.</p>
        <Link
          href={`/unsubscribe/${preferencesToken}`}
          className="mt-3 inline-block font-semibold text-brand-700 underline underline-offset-4"
        >
          Change email preferences
        </Link>
      </section>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <SignOutEverywhere userId={user.id} action={signOutEverywhereAction} />
      </div>
    </div>
  );
}
