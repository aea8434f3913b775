import type { FormAction } from "@/components/dashboards/action-form";
import { ReportLink } from "@/components/safety/report-link";
import { ActionForm } from "@/components/dashboards/action-form";
import type { ThreadMessage } from "@/lib/messages/threads";

const ROLE_STYLE = {
  family: "border-slate-200 bg-white",
  teacher: "border-brand-200 bg-brand-50",
  support: "border-amber-200 bg-amber-50",
} as const;

/**
 * A thread's messages, oldest first, as text (never HTML). A hidden message shows as hidden to the
 * family and the teacher; support and admins (`moderation` given) still read it, see what masking
 * took out of a flagged one, and can hide a message or show a hidden one again.
 */
export function MessageList({
  messages,
  formatTime,
  moderation,
  canReport = false,
}: {
  messages: ThreadMessage[];
  formatTime: (instant: Date) => string;
  moderation?: { hide: FormAction; restore: FormAction };
  /** The family's and the teacher's view: each message of the other side has a "Report" link (issue 40). */
  canReport?: boolean;
}) {
  if (messages.length === 0) return <p className="text-slate-700">No messages yet.</p>;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id} className={`rounded-xl border p-4 ${ROLE_STYLE[message.authorRole]}`}>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{message.author}</span>
            {message.authorRole === "support" && message.author !== "Support" ? " (support)" : null} ·{" "}
            <time dateTime={message.createdAt.toISOString()}>{formatTime(message.createdAt)}</time>
          </p>
          {message.body === null ? (
            <p className="mt-1 text-slate-600 italic">This message was hidden by our support team.</p>
          ) : (
            <p className="mt-1 whitespace-pre-wrap text-slate-900">{message.body}</p>
          )}
          {message.isHidden && message.body !== null ? (
            <p className="mt-1 text-sm font-semibold text-slate-700">Hidden from the family and the teacher.</p>
          ) : null}
          {message.isFlagged ? (
            <div className="mt-2 rounded-lg border border-amber-300 bg-white p-3 text-sm">
              <p className="font-semibold text-amber-900">
                Flagged (contact details masked, or something suspicious). Original (support and admins only):
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-900">{message.originalBody}</p>
            </div>
          ) : null}
          {moderation ? (
            // Keyed by the state: the form that hid a message is not the one that shows it again.
            <ActionForm key={String(message.isHidden)} action={message.isHidden ? moderation.restore : moderation.hide} className="mt-2">
              <input type="hidden" name="messageId" value={message.id} />
              <button
                type="submit"
                className={`rounded-lg border px-3 py-1 text-sm font-semibold ${
                  message.isHidden ? "border-slate-400 text-slate-900 hover:bg-slate-50" : "border-red-300 text-red-800 hover:bg-red-50"
                }`}
              >
                {message.isHidden ? "Show this message again" : "Hide this message"}
                <span className="sr-only"> from {message.author}</span>
              </button>
            </ActionForm>
          ) : null}
          {canReport && !message.isMine && message.authorRole !== "support" && message.body !== null ? (
            <p className="mt-2">
              <ReportLink subjectType="message" subjectId={message.id} label={`Report this message`} />
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
