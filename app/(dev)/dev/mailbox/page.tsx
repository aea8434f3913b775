import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";

import { listMailbox } from "@/lib/notifications/mailbox";
import { isMailboxOpen } from "@/lib/notifications/mailbox-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mailbox", robots: { index: false, follow: false } };

const time = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/**
 * The embedded default's mailbox: every message the product sent on this machine, kept by the
 * local SMTP server `npm start` runs. A 404 anywhere else (lib/notifications/mailbox-access.ts).
 */
export default async function MailboxPage() {
  if (!isMailboxOpen(await headers())) notFound();
  const messages = await listMailbox();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold text-slate-900">Mailbox</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Every email the site sent while running on this machine. Nothing here left this computer: the built-in mail server keeps each
        message instead of delivering it. This page exists only here, never on a real deployment.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 p-6 text-slate-700">
          No messages yet. Book a free demo, and its confirmation appears here.
        </p>
      ) : (
        <table className="mt-8 w-full border-collapse text-left text-sm">
          <caption className="sr-only">Messages, newest first</caption>
          <thead>
            <tr className="border-b border-slate-300 text-slate-900">
              <th scope="col" className="py-2 pr-4">
                Received
              </th>
              <th scope="col" className="py-2 pr-4">
                To
              </th>
              <th scope="col" className="py-2 pr-4">
                Subject
              </th>
              <th scope="col" className="py-2">
                Attachments
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{time(message.receivedAt)}</td>
                <td className="py-2 pr-4 break-all text-slate-700">{message.to}</td>
                <td className="py-2 pr-4">
                  <Link
                    href={`/dev/mailbox/${message.id}`}
                    className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
                  >
                    {message.subject || "(no subject)"}
                  </Link>
                </td>
                <td className="py-2 text-slate-700">{message.attachments.map((a) => a.filename).join(", ") || "None"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
