import Link from "next/link";

import { HOMEWORK_MESSAGES } from "@/lib/homework/messages";

/** A certificate address that is not one of ours: said plainly, with a 404. */
export default function CertificateNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Certificate not found</h1>
      <p className="mt-4 text-lg text-slate-900">{HOMEWORK_MESSAGES.certificateNotFound}</p>
      <p className="mt-6">
        <Link href="/" className="text-brand-700 underline underline-offset-4">
          Home
        </Link>
      </p>
    </div>
  );
}
