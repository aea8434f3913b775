import { IntentLink } from "@/components/ui/intent-link";

/**
 * A section's price, seats left and its one action, for the class finder and teacher pages: Enrol
 * (the seat into the cart) while a seat is free, else Join the waitlist. `className` places the button.
 */
export function SectionOffer({
  section,
  courseTitle,
  teacherName,
  buttonClassName,
}: {
  section: { id: number; price: string; seatsLeft: number };
  courseTitle: string;
  teacherName: string;
  buttonClassName: string;
}) {
  const { id, price, seatsLeft } = section;
  return (
    <>
      <p className="mt-2 text-sm">
        <span className="font-semibold text-slate-900">{price}</span>
        <span className="text-slate-700"> · {seatsLeft > 0 ? `${seatsLeft} ${seatsLeft === 1 ? "seat" : "seats"} left` : "Full"}</span>
      </p>
      {seatsLeft > 0 ? (
        <IntentLink
          href={`/cart?add=${id}`}
          className={`${buttonClassName} rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800`}
          aria-label={`Enrol in ${courseTitle} with ${teacherName}, ${price}`}
        >
          Enrol
        </IntentLink>
      ) : (
        <IntentLink
          href={`/waitlist?section=${id}`}
          className={`${buttonClassName} rounded-xl border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50`}
          aria-label={`Join the waitlist for ${courseTitle} with ${teacherName}`}
        >
          Join the waitlist
        </IntentLink>
      )}
    </>
  );
}
