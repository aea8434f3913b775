import { IntentLink } from "@/components/ui/intent-link";

const action = "inline-block rounded-xl px-5 py-3 font-semibold";

/**
 * The body of the 404 page (app/not-found.tsx): what happened, that a link from one of our emails
 * may have expired, and two ways back in. Server only and plain links: Next sends the root
 * not-found with every page, so it must add no client code to any of them.
 */
export function NotFoundNotice() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Page not found</p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">We could not find this page</h1>
      <p className="mt-3 text-slate-700">
        The address may be mistyped, or the page may have moved. If you followed a link from one of our emails, such as a demo booking or an
        unsubscribe link, it may have expired or been replaced by a newer one.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <IntentLink href="/" className={`${action} bg-brand-600 text-white hover:bg-brand-700`}>
          Back to the home page
        </IntentLink>
        <IntentLink href="/courses" className={`${action} border border-brand-600 text-brand-700 hover:bg-brand-50`}>
          Browse our courses
        </IntentLink>
      </div>
    </div>
  );
}
