import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { ActionForm } from "@/components/dashboards/action-form";
import { MessageComposer } from "@/components/messages/message-composer";
import { MessageList } from "@/components/messages/message-list";
import { BLOCKED_MESSAGE, getThread, markThreadRead, type ThreadView } from "@/lib/messages/threads";
import { requireUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { blockThreadAction, hideMessageAction, postMessageAction, reopenThreadAction, restoreMessageAction } from "../actions";

export const metadata: Metadata = { title: "Conversation" };

/**
 * Issue 28: one conversation, for its family, its teacher, and support and admins (anyone else
 * gets the not-found page, as for an id that does not exist). Opening it marks it read.
 */
export default async function ThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/messages/${id}`);
  const actor = { id: user.databaseId, email: user.email, role: user.role };
  let thread: ThreadView;
  try {
    thread = await getThread(actor, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found") notFound();
    throw error;
  }
  const [zone] = await Promise.all([findUserTimezone(user.databaseId), markThreadRead(actor, thread.id)]);
  const formatTime = (instant: Date) => formatInstantInZone(instant, zone ?? FALLBACK_TIMEZONE);
  const isStaff = thread.side === "staff";
  // Support's one control over the whole thread: close it, or open it again once closed.
  const threadControl = thread.isBlocked
    ? {
        action: reopenThreadAction,
        note: "Support: reopening lets both sides post again (audited).",
        label: "Reopen this conversation",
        className: "border-slate-400 text-slate-900 hover:bg-slate-50",
      }
    : {
        action: blockThreadAction,
        note: "Support: closing the conversation stops every new message, for both sides (audited).",
        label: "Block this conversation",
        className: "border-red-400 text-red-800 hover:bg-red-50",
      };
  const withWhom =
    thread.side === "family"
      ? `With ${thread.teacherName}`
      : thread.side === "teacher"
        ? `With ${thread.familyName}`
        : `${thread.familyName} and ${thread.teacherName}`;
  return (
    <>
      <p className="text-sm">
        <Link href="/share-a-message" className="font-semibold text-brand-700 underline underline-offset-4">
          All conversations
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">{thread.title}</h1>
      <p className="mt-1 text-slate-700">
        {withWhom}. Times in your zone. {isStaff ? "You post as Support." : "Our support team can read this conversation."}
      </p>
      <section aria-labelledby="messages-heading" className="mt-6">
        <h2 id="messages-heading" className="sr-only">
          Messages
        </h2>
        <MessageList
          messages={thread.messages}
          formatTime={formatTime}
          moderation={isStaff ? { hide: hideMessageAction, restore: restoreMessageAction } : undefined}
          canReport={!isStaff}
        />
      </section>
      {thread.isBlocked ? (
        <p role="status" className="mt-6 rounded-lg border border-slate-300 bg-slate-100 p-4 text-slate-900">
          {BLOCKED_MESSAGE}
        </p>
      ) : (
        <MessageComposer
          action={postMessageAction.bind(null, thread.id)}
          label={isStaff ? "Reply as Support" : "Your reply"}
          submitLabel="Send message"
        />
      )}
      {isStaff ? (
        <ActionForm
          key={String(thread.isBlocked)}
          action={threadControl.action.bind(null, thread.id)}
          className="mt-8 border-t border-slate-200 pt-4"
        >
          <p className="text-sm text-slate-700">{threadControl.note}</p>
          <button type="submit" className={`mt-2 rounded-lg border px-4 py-2 font-semibold ${threadControl.className}`}>
            {threadControl.label}
          </button>
        </ActionForm>
      ) : null}
    </>
  );
}
