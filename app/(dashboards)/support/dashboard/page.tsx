import { LeadTable } from "@/components/dashboards/lead-table";
import { requireDashboard } from "@/lib/auth/session";
import { countOverdueLeads, listRecentLeads } from "@/lib/dashboards/queries";

export const metadata = { title: "Support dashboard" };

export default async function SupportDashboardPage() {
  const user = await requireDashboard("support");
  const [overdue, leads] = await Promise.all([countOverdueLeads(), listRecentLeads(25)]);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Support dashboard</h1>
      <p className="mt-2 text-slate-700">Signed in as {user.displayName ?? user.email}.</p>
      <p className={`mt-6 rounded-xl p-4 font-semibold ${overdue > 0 ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}>
        {overdue === 0 ? "Every new demo request is within the 24-hour promise." : `${overdue} new demo request${overdue === 1 ? "" : "s"} waiting more than 24 hours.`}
      </p>
      <section aria-labelledby="queue" className="mt-8">
        <h2 id="queue" className="mb-3 text-xl font-bold text-slate-900">
          Latest demo requests
        </h2>
        <LeadTable leads={leads} caption="Latest demo requests, newest first" />
      </section>
    </>
  );
}
