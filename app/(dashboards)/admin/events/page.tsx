import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { AdminEventFilters } from "@/components/dashboards/admin-event-filters";
import { AdminEventTable } from "@/components/dashboards/admin-event-table";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { AdminPager } from "@/components/dashboards/admin-pager";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listEventNames, listLogEvents, parseLogEventFilters } from "@/lib/event-log/queries";

export const metadata = { title: "Log events" };

const PATH = "/admin/events";

/** Issue 4: what the site's log events API received, newest first. */
export default async function AdminEventsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePagePermission("events.read", PATH);
  const filters = parseLogEventFilters(await searchParams);
  const [{ events, nextAfter }, eventNames, zone] = await Promise.all([
    listLogEvents(actor, filters),
    listEventNames(actor),
    timezoneOfUser(actor.id),
  ]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Log events</h1>
      <p className="mt-2 max-w-2xl text-slate-700">The user id is what the browser reported; it is not checked against the accounts.</p>
      <div className="mt-6">
        <AdminEventFilters filters={filters} eventNames={eventNames} action={PATH} />
      </div>
      <div className="mt-6">
        <AdminEventTable events={events} zone={zone} />
      </div>
      <AdminPager path={PATH} query={filters} nextAfter={nextAfter} label="Pages of log events" />
    </>
  );
}
