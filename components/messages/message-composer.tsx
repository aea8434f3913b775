import type { FormAction } from "@/components/dashboards/action-form";
import { ActionForm } from "@/components/dashboards/action-form";
import { MESSAGE_MAX_CHARS } from "@/lib/messages/schema";

/**
 * The message box of a thread or of a new conversation (`bookingId`): text only, up to 2,000
 * characters; the server action checks it all again and answers in the form's live region.
 */
export function MessageComposer({
  action,
  label,
  submitLabel,
  bookingId,
}: {
  action: FormAction;
  label: string;
  submitLabel: string;
  bookingId?: string;
}) {
  return (
    <ActionForm action={action} resetOnSuccess className="mt-6 space-y-2">
      {bookingId ? <input type="hidden" name="bookingId" value={bookingId} /> : null}
      <label htmlFor="message-body" className="block font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id="message-body"
        name="body"
        required
        maxLength={MESSAGE_MAX_CHARS}
        rows={4}
        aria-describedby="message-body-hint"
        className="block w-full rounded-lg border border-slate-400 p-3 text-slate-900"
      />
      <p id="message-body-hint" className="text-sm text-slate-700">
        Up to {MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters. For children&apos;s safety, email addresses, phone numbers, links and
        social handles are taken out, and our support team can read every conversation.
      </p>
      <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700">
        {submitLabel}
      </button>
    </ActionForm>
  );
}
