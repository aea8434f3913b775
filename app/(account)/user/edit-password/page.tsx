import { PasswordForm } from "@/components/forms/password-form";
import { requireUser } from "@/lib/platform/auth/session";

import { changePasswordAction } from "./actions";

export const metadata = { title: "Edit password" };

export default async function EditPasswordPage() {
  const user = await requireUser("/user/edit-password");
  return (
    <div className="max-w-md">
      <h1 className="text-3xl font-extrabold text-slate-900">Edit password</h1>
      <p className="mt-2 text-slate-700">For your safety, enter your current password first. Other devices will be signed out.</p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <PasswordForm email={user.email} submit={changePasswordAction} />
      </div>
    </div>
  );
}
