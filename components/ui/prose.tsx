import type { ReactNode } from "react";

/**
 * Long-form text (policies, blog posts): styles the plain elements inside it,
 * so content stays semantic markup. Links are underlined and brand-700 (9:1 on white).
 */
const proseClass = [
  "text-base leading-7 text-slate-700",
  "[&>*:first-child]:mt-0",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-4",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_code]:font-mono [&_code]:text-[0.9em] [&_pre]:mt-4 [&_pre]:whitespace-pre-wrap [&_pre]:rounded-md [&_pre]:bg-slate-100 [&_pre]:p-4 [&_hr]:mt-8 [&_hr]:border-slate-200",
  "[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800",
].join(" ");

export function Prose({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`${proseClass} ${className}`.trim()}>{children}</div>;
}
