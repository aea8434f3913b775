import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { SectionSummary } from "@/lib/commerce/cart/cart";

/** A signed-out visitor's chosen classes (the cookie cart): price, seats left and times in the class's own zone. */
export function GuestCartLines({ sections, remove }: { sections: SectionSummary[]; remove: FormAction }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
      {sections.map((section) => (
        <li key={section.sectionId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">{section.courseTitle}</p>
            <p className="text-sm text-slate-700">With {section.teacherName}</p>
            <p className="text-sm text-slate-700">{section.schedule}</p>
            <p className="text-sm text-slate-700">
              {section.seatsLeft} {section.seatsLeft === 1 ? "seat" : "seats"} left
            </p>
            {!section.isOpen || section.seatsLeft === 0 ? (
              <p className="mt-1 text-sm font-semibold text-red-700">This class can no longer take new students.</p>
            ) : null}
          </div>
          <div className="flex items-center gap-4 sm:flex-col sm:items-end">
            <p className="font-bold text-slate-900">{section.price}</p>
            <ActionForm action={remove}>
              <input type="hidden" name="sectionId" value={section.sectionId} />
              <button type="submit" className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Remove<span className="sr-only"> {section.courseTitle}</span>
              </button>
            </ActionForm>
          </div>
        </li>
      ))}
    </ul>
  );
}
