import type { ReactNode } from "react";

/** The top of a marketing page: an optional eyebrow, the page's only h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{children}</div> : null}
    </header>
  );
}
