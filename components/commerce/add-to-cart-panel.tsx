import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { SectionSummary } from "@/lib/commerce/cart/cart";

const fieldClass = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/**
 * The class chosen on a course page, and which child the seat is for (one already on the account,
 * or a new one). Signed out (learners null) it goes into the cookie cart until sign-in.
 */
export function AddToCartPanel({
  section,
  learners,
  action,
  dismiss,
}: {
  section: SectionSummary;
  learners: Array<{ id: number; firstName: string; grade: number }> | null;
  action: FormAction;
  /** For a class chosen before signing in: takes it out of the cookie cart. */
  dismiss?: FormAction;
}) {
  const id = (name: string) => `${name}-${section.sectionId}`;
  return (
    <section aria-labelledby={id("add-heading")} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id("add-heading")} className="text-xl font-bold text-slate-900">
        {section.courseTitle}
      </h2>
      <p className="text-slate-700">
        With {section.teacherName} · {section.schedule}
      </p>
      <p className="text-slate-700">
        {section.price} · {section.seatsLeft} {section.seatsLeft === 1 ? "seat" : "seats"} left
      </p>
      {!section.isOpen || section.seatsLeft === 0 ? (
        <p className="mt-3 font-semibold text-red-700">This class cannot take new students. Please choose another.</p>
      ) : (
        <ActionForm action={action} className="mt-4 space-y-4">
          <input type="hidden" name="sectionId" value={section.sectionId} />
          {learners === null ? null : learners.length > 0 ? (
            <div>
              <label htmlFor={id("cart-learner")} className="text-sm font-semibold text-slate-800">
                Which child is this seat for?
              </label>
              <select id={id("cart-learner")} name="learnerId" className={fieldClass} defaultValue={learners[0]?.id}>
                {learners.map((learner) => (
                  <option key={learner.id} value={learner.id}>
                    {learner.firstName} (grade {learner.grade})
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold text-slate-800">Who is this seat for? (first name and grade only)</legend>
              <div>
                <label htmlFor={id("cart-first-name")} className="text-sm text-slate-800">
                  Child&apos;s first name
                </label>
                <input id={id("cart-first-name")} name="firstName" autoComplete="off" required className={fieldClass} />
              </div>
              <div>
                <label htmlFor={id("cart-grade")} className="text-sm text-slate-800">
                  Grade
                </label>
                <select id={id("cart-grade")} name="grade" required className={fieldClass} defaultValue="">
                  <option value="" disabled>
                    Choose a grade
                  </option>
                  {Array.from({ length: 12 }, (_, i) => (
                    <option key={i + 1} value={i + 1}>
                      Grade {i + 1}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
          )}
          <button type="submit" className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
            Add to cart
          </button>
        </ActionForm>
      )}
      {dismiss ? (
        <ActionForm action={dismiss} className="mt-3">
          <input type="hidden" name="sectionId" value={section.sectionId} />
          <button type="submit" className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Remove<span className="sr-only"> {section.courseTitle}</span> from your cart
          </button>
        </ActionForm>
      ) : null}
    </section>
  );
}
