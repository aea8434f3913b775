import type { ReactNode } from "react";

/**
 * A titled region of a marketing page: a section named by its h2 (aria-labelledby), so screen
 * readers list it as a landmark. `className` styles the section (margins, a panel, the home page's
 * `render-when-near`); `action` stands beside the heading, e.g. a "See all" link.
 */
export function PageSection({
  id,
  title,
  className,
  headingClassName = "text-2xl font-bold text-slate-900",
  action,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={headingClassName}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {action ? (
        <div className="flex items-end justify-between gap-4">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
