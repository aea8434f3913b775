import { redirect } from "next/navigation";

import { sessionChatTranscript, type TranscriptLine } from "@/lib/classroom/chat";
import { hasLearnerSession } from "@/lib/platform/auth/current-user";
import { requireUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

export const metadata = { title: "Class chat" };

/**
 * One session's class chat afterwards (?session=ISO instant, the session as held): for the section's
 * teacher, support and admins (lib/classroom/chat.ts); support and admins also read what was typed
 * when the screen flagged a message. Times on the reader's clock, the zone named.
 */
export default async function ClassChatPage({
  params,
  searchParams,
}: {
  params: Promise<{ sectionId: string }>;
  searchParams: Promise<{ session?: string }>;
}) {
  if (await hasLearnerSession()) redirect("/learn");
  const { sectionId } = await params;
  const { session } = await searchParams;
  const user = await requireUser(`/classroom/${encodeURIComponent(sectionId)}/chat`);
  const zone = (await findUserTimezone(user.databaseId)) ?? FALLBACK_TIMEZONE;
  let lines: TranscriptLine[];
  try {
    lines = await sessionChatTranscript(
      { id: user.databaseId, email: user.email, role: user.role },
      { sectionId: /^[1-9]\d{0,9}$/.test(sectionId) ? sectionId : "0", sessionStartsAt: session ?? "" },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (
      <section className="max-w-2xl">
        <h1 className="text-3xl font-extrabold text-slate-900">Class chat</h1>
        <p className="mt-4 text-slate-800" role="alert">
          {error.message}
        </p>
      </section>
    );
  }
  const at = (instant: string) => formatInstantInZone(instant, zone);
  return (
    <section className="max-w-2xl">
      <h1 className="text-3xl font-extrabold text-slate-900">Class chat</h1>
      <p className="mt-2 text-slate-700">The session of {at(session!)}. Everything here went to everyone in the class.</p>
      {lines.length === 0 ? (
        <p className="mt-6 text-slate-700">Nobody wrote in this session&apos;s chat.</p>
      ) : (
        <ol className="mt-6 space-y-3" aria-label="Chat messages">
          {lines.map((line) => (
            <li key={line.id} className={`rounded-xl border p-3 ${line.flagged ? "border-amber-300" : "border-slate-200"}`}>
              <p className="text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{line.author}</span> · {at(line.at)}
                {line.flagged ? ` · flagged: ${line.reasons.join(", ")}` : ""}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-900">{line.body}</p>
              {line.original ? <p className="mt-1 text-sm text-slate-700">Typed: {line.original}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
