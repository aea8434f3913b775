import { IntentLink } from "@/components/ui/intent-link";

/** The 403 page: a signed-in user without the role for this page (issue 3). */
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold text-slate-900">You are not allowed to see this page</h1>
      <p className="mt-3 text-slate-700">
        Your account does not have access to this dashboard. If you think it should, please contact your administrator.
      </p>
      <IntentLink href="/" className="mt-8 inline-block rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Back to the home page
      </IntentLink>
    </div>
  );
}
