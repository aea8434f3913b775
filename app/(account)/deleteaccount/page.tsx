import { DeleteAccountForm } from "@/components/forms/delete-account-form";
import { requireUser } from "@/lib/platform/auth/session";
import { brand } from "@/lib/platform/brand";

import { deleteAccountAction } from "./actions";

export const metadata = { title: "Delete account" };

export default async function DeleteAccountPage() {
  const user = await requireUser("/deleteaccount");
  return (
    <div className="max-w-md">
      <h1 className="text-3xl font-extrabold text-slate-900">Delete your account</h1>
      <p className="mt-3 text-slate-700">
        This deletes the {brand.name} account for <strong>{user.email}</strong> and your personal data. Demo requests you made stay in our
        figures without your name, email, phone or message. This cannot be undone.
      </p>
      <div className="mt-8 rounded-2xl border border-red-200 bg-white p-6 shadow-sm">
        <DeleteAccountForm submit={deleteAccountAction} />
      </div>
    </div>
  );
}
