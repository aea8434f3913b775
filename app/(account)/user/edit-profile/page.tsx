import { ProfileForm } from "@/components/forms/profile-form";
import { requireUser } from "@/lib/auth/session";

export const metadata = { title: "Edit profile" };

export default async function EditProfilePage() {
  const user = await requireUser("/user/edit-profile");
  return (
    <div className="max-w-md">
      <h1 className="text-3xl font-extrabold text-slate-900">Edit profile</h1>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ProfileForm displayName={user.displayName ?? ""} email={user.email} />
      </div>
    </div>
  );
}
