/** Why a teacher sees no names, emails, phone numbers or messages (issue 4; security issue item 7). */
export function TeacherPrivacyNote() {
  return (
    <p className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      Families&rsquo; names, emails, phone numbers and messages are not shown here: our support team contacts every family and arranges the
      demo class with you.
    </p>
  );
}
