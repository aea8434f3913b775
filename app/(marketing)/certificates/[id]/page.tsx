import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { TooManyTries } from "@/components/ui/too-many-tries";
import { findCertificate } from "@/lib/homework/certificates";
import { brand } from "@/lib/platform/brand";
import { getDb } from "@/lib/platform/db/client";
import { limitTokenGuesses, tokenRefusalMessage } from "@/lib/platform/http/token-guesses";
import { formatDate } from "@/lib/scheduling/time";

// Read from the database at each request: a certificate is confirmed as it is now.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Certificate check", robots: { index: false, follow: false } };

/**
 * The public check of a certificate of completion (the address printed on it): anyone who has it
 * can confirm the certificate is ours and what it says, first names only. An id that is not one
 * of ours (forged, mistyped) is a 404 that says so.
 */
export default async function CertificatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let certificate: Awaited<ReturnType<typeof findCertificate>>;
  try {
    // Wrong ids are counted per address, as for every address that carries a token.
    const db = await getDb();
    certificate = await limitTokenGuesses(
      await headers(),
      () => findCertificate(db, id),
      (found) => found === null,
    );
  } catch (error) {
    return <TooManyTries message={tokenRefusalMessage(error)} />;
  }
  if (!certificate) notFound();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">Certificate verified</h1>
      <p className="mt-4 text-lg text-slate-900">This is a genuine certificate of completion issued by {brand.name}.</p>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-slate-900">
        <dt className="font-semibold">Learner</dt>
        <dd>{certificate.learnerFirstName}</dd>
        <dt className="font-semibold">Course</dt>
        <dd>{certificate.courseTitle}</dd>
        <dt className="font-semibold">Teacher</dt>
        <dd>{certificate.teacherFirstName}</dd>
        <dt className="font-semibold">Completed</dt>
        <dd>{formatDate(certificate.completedOn)}</dd>
        <dt className="font-semibold">Certificate number</dt>
        <dd className="break-all font-mono text-sm">{certificate.id}</dd>
      </dl>
    </div>
  );
}
