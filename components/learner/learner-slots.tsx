import type { ReactNode } from "react";

/**
 * The places on the child's page that other parts of the product fill: homework to do and done,
 * and progress (marks and reports). Each is a section with its heading once it has something to
 * show; until that part exists it renders nothing (never a made-up list). Pass the rendered content
 * as children from the page.
 */
export function LearnerSlot({ id, title, children }: { id: "homework" | "progress"; title: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <section aria-labelledby={`learn-${id}`} className="mt-10">
      <h2 id={`learn-${id}`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
