import { ActionForm, type FormAction } from "@/components/dashboards/action-form";

/**
 * Issue 40: a session note's held homework links in support's safety queue: the one held now and
 * those its teacher replaced before support decided them (never shown to families). One decision
 * covers them all, sent with every link read here (decideHeldHomeworkLink refuses it if they
 * changed since); only the link held now can be let through.
 */
export function HeldLinks({
  noteId,
  courseTitle,
  held,
  replaced,
  action,
}: {
  noteId: number;
  courseTitle: string;
  held: string | null;
  replaced: string[];
  action: FormAction;
}) {
  if (held === null && replaced.length === 0) return null;
  const links = [...(held === null ? [] : [held]), ...replaced];
  const decisions = held === null ? (["drop"] as const) : (["release", "drop"] as const);
  return (
    <div className="mt-2">
      {held !== null ? <p>Homework link held: {held}</p> : null}
      {replaced.map((link) => (
        <p key={link} className="text-slate-700">
          Homework link held, since replaced (families never saw it): {link}
        </p>
      ))}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {decisions.map((decision) => (
          <ActionForm key={decision} action={action}>
            <input type="hidden" name="noteId" value={noteId} />
            <input type="hidden" name="decision" value={decision} />
            {links.map((link) => (
              <input key={link} type="hidden" name="links" value={link} />
            ))}
            <button type="submit" className="rounded-lg border border-slate-400 px-3 py-1 font-semibold">
              {decision === "release" ? "Let the link through" : links.length > 1 ? "Drop the held links" : "Drop the link"}
              <span className="sr-only"> (session note, {courseTitle})</span>
            </button>
          </ActionForm>
        ))}
      </div>
    </div>
  );
}
