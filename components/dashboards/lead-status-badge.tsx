import { leadStatusLabel } from "@/lib/demo-requests/status";

const TONES: Record<string, string> = {
  new: "bg-sky-100 text-sky-950",
  contacted: "bg-indigo-100 text-indigo-950",
  demo_scheduled: "bg-violet-100 text-violet-950",
  converted: "bg-green-100 text-green-950",
  closed: "bg-slate-200 text-slate-900",
  spam: "bg-red-100 text-red-950",
};

export function LeadStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status] ?? TONES.closed}`}>
      {leadStatusLabel(status)}
    </span>
  );
}
