import Link from "next/link";
import { notFound, redirect } from "next/navigation";

import { LearnerMessageForm } from "@/components/learner/learner-message-form";
import { getLearnerConversation } from "@/lib/learner-access/messages";
import { currentLearner } from "@/lib/learner-access/session";
import { AppError } from "@/lib/platform/errors";
import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { zonedFormat } from "@/lib/scheduling/zone-name";

import { sendLearnerMessageAction } from "../../actions";

export const metadata = { title: "Messages" };

/** The child's conversation with the teacher of one of their classes; the parent reads it too. */
export default async function LearnerMessagesPage({ params }: { params: Promise<{ bookingId: string }> }) {
  const learner = await currentLearner();
  if (!learner) redirect("/kids");
  const { bookingId } = await params;
  const conversation = await getLearnerConversation(learner, bookingId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not-found") notFound();
    throw error;
  });
  const when = zonedFormat(learner.timezone ?? FALLBACK_TIMEZONE, { weekday: "short", hour: "numeric", minute: "2-digit" });
  return (
    <>
      <p>
        <Link href="/learn" className="font-semibold text-brand-700 underline underline-offset-4">
          Back to my classes
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900">
        {conversation.teacherName ? `Talk with ${conversation.teacherName}` : "Write to your teacher"}
      </h1>
      <p className="mt-2 text-slate-800">Your grown-up can read these messages too.</p>
      {conversation.messages.length === 0 ? (
        <p className="mt-6 text-slate-800">No messages yet.</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {conversation.messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-2xl p-4 ${message.from === "me" ? "ml-8 bg-brand-50" : "mr-8 border-2 border-slate-200 bg-white"}`}
            >
              <p className="text-base font-semibold text-slate-800">
                {message.author} · {when.format(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-900">{message.isHidden ? "This message was taken away." : message.body}</p>
            </li>
          ))}
        </ol>
      )}
      {conversation.isBlocked ? (
        <p className="mt-6 font-semibold text-slate-900">This talk is closed.</p>
      ) : (
        <LearnerMessageForm bookingId={conversation.bookingId} send={sendLearnerMessageAction} />
      )}
    </>
  );
}
