/** Why a teacher sees no names, emails or phone numbers (issue 4). */
export function TeacherPrivacyNote() {
  return (
    <p className="mt-4 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      Families&rsquo; names, emails and phone numbers are not shown here: our support team contacts every family and arranges the demo class with you.
    </p>
  );
}
