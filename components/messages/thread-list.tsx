import Link from "next/link";

import type { ThreadSummary } from "@/lib/messages/threads";

const unreadLabel = (n: number) => `${n} unread`;

/**
 * Conversations, newest first, each with its unread mark (issue 28): the inbox on /share-a-message
 * and the teacher's and support's dashboards. `formatTime` writes an instant in the viewer's zone.
 */
export function ThreadList({
  threads,
  formatTime,
  showFamily = false,
  emptyText,
}: {
  threads: ThreadSummary[];
  formatTime: (instant: Date) => string;
  /** Teachers and staff: name the family as well as the teacher. */
  showFamily?: boolean;
  emptyText: string;
}) {
  if (threads.length === 0) return <p className="text-slate-700">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {threads.map((thread) => (
        <li key={thread.id} className={`p-4 ${thread.unread > 0 ? "bg-brand-50" : ""}`}>
          <p className="flex flex-wrap items-center gap-2">
            <Link href={`/messages/${thread.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              {thread.title}
            </Link>
            {thread.unread > 0 ? (
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">{unreadLabel(thread.unread)}</span>
            ) : null}
            {thread.flagged > 0 ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{thread.flagged} flagged</span>
            ) : null}
            {thread.isBlocked ? (
              <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">Closed by support</span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">
            {showFamily ? `${thread.familyName} and ${thread.teacherName}` : `With ${thread.teacherName}`} · last message{" "}
            {formatTime(thread.lastMessageAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
