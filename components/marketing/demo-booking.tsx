import { DemoRequestForm } from "@/components/forms/demo-request-form";
import { brand } from "@/lib/platform/brand";
import { toCourseOptions } from "@/lib/courses/options";
import { listCourses } from "@/lib/courses/queries";
import type { DemoFormAccount } from "@/lib/demo-requests/form-account";
import type { TimePickerActions } from "@/lib/scheduling/picker";

import { JoinButtonHint } from "./join-button-hint";

const promises = [
  "A live, 1-on-1 trial class with a vetted teacher, free of charge",
  "A short report on what your child enjoyed and where to go next",
  "No payment details needed and no obligation to enrol",
];

/** The free demo booking page for a grade (SPEC 2), or with the grade chosen in the form. */
export async function DemoBooking({
  grade,
  sourcePage,
  timePicker,
  readAccount,
}: {
  grade?: number;
  sourcePage: string;
  timePicker?: TimePickerActions;
  readAccount?: () => Promise<DemoFormAccount | null>;
}) {
  const courses = await listCourses({ grade });
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_28rem]">
      <div>
        <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">
          {grade ? `Book a free demo class for Grade ${grade}` : "Book a free demo class"}
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          Tell us a little about your child, then pick a time from our teachers&apos; open times. The demo is a live video lesson online:
          the confirmation email brings a calendar invite and a link to see, move or cancel it, and the Join button appears on My Courses 10
          minutes before the start <JoinButtonHint />.
        </p>
        <ul className="mt-6 space-y-3">
          {promises.map((text) => (
            <li key={text} className="flex gap-3 text-slate-800">
              <span
                aria-hidden="true"
                className="mt-1 grid size-5 shrink-0 place-items-center rounded-full bg-brand-600 text-xs text-white"
              >
                ✓
              </span>
              {text}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-slate-700">
          Prefer to talk? Call us at{" "}
          <a href={brand.supportPhoneHref} className="font-semibold text-brand-700 underline underline-offset-4">
            {brand.supportPhone}
          </a>
          .
        </p>
      </div>
      <section aria-label="Demo booking form" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <DemoRequestForm
          variant="booking"
          courses={toCourseOptions(courses, { grouped: true })}
          fixedGrade={grade}
          sourcePage={sourcePage}
          timePicker={timePicker}
          readAccount={readAccount}
        />
      </section>
    </div>
  );
}
