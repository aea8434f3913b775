import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { findMailboxMessage } from "@/lib/notifications/mailbox";
import { isMailboxOpen } from "@/lib/notifications/mailbox-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mailbox message", robots: { index: false, follow: false } };

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** One kept message: its headers, its text, its HTML (sandboxed: no scripts, no forms) and its attachments. */
export default async function MailboxMessagePage({ params }: { params: Promise<{ id: string }> }) {
  if (!isMailboxOpen(await headers())) notFound();
  const { id } = await params;
  const message = await findMailboxMessage(id);
  if (!message) notFound();
  const fields: Array<[string, string]> = [
    ["From", message.from],
    ["To", message.to],
    ["Date", message.date ?? message.receivedAt],
    ["Message-ID", message.messageId ?? ""],
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p>
        <Link href="/dev/mailbox" className={linkClass}>
          Back to the mailbox
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-extrabold break-words text-slate-900">{message.subject || "(no subject)"}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="break-all text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="attachments" className="mt-6">
        <h2 id="attachments" className="text-lg font-bold text-slate-900">
          Attachments
        </h2>
        {message.attachments.length === 0 ? (
          <p className="mt-1 text-slate-700">None.</p>
        ) : (
          <ul className="mt-1 list-disc pl-6">
            {message.attachments.map((a) => (
              <li key={a.index}>
                <a href={`/dev/mailbox/${message.id}/attachments/${a.index}`} download={a.filename} className={linkClass}>
                  {a.filename}
                </a>{" "}
                <span className="text-slate-700">
                  ({a.contentType}, {a.size} bytes)
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {message.html ? (
        <section aria-labelledby="html-version" className="mt-6">
          <h2 id="html-version" className="text-lg font-bold text-slate-900">
            HTML version
          </h2>
          {/* An empty sandbox: the message's HTML runs no script, submits no form and cannot reach this page. */}
          <iframe
            sandbox=""
            srcDoc={message.html}
            title="HTML version of the message"
            className="mt-2 h-[28rem] w-full rounded border border-slate-300 bg-white"
          />
        </section>
      ) : null}

      <section aria-labelledby="text-version" className="mt-6">
        <h2 id="text-version" className="text-lg font-bold text-slate-900">
          Text version
        </h2>
        <pre className="mt-2 overflow-x-auto rounded border border-slate-300 bg-slate-50 p-4 text-sm whitespace-pre-wrap text-slate-900">
          {message.text}
        </pre>
      </section>
    </div>
  );
}
