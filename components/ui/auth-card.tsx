import type { ReactNode } from "react";

/** The narrow card that holds an account form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
      {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}
