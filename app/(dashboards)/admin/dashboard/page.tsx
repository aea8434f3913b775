import { requireDashboard } from "@/lib/auth/session";
import { ROLES } from "@/lib/auth/roles";
import { getAdminFigures } from "@/lib/dashboards/queries";

export const metadata = { title: "Admin dashboard" };

export default async function AdminDashboardPage() {
  await requireDashboard("admin");
  const figures = await getAdminFigures();
  const cards = [
    { label: "Demo requests", value: figures.leads },
    { label: "In the last 24 hours", value: figures.leadsLastDay },
    { label: "New and over 24 hours old", value: figures.overdue },
    { label: "Published courses", value: figures.publishedCourses },
  ];
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Admin dashboard</h1>
      <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-2xl border border-slate-200 p-5">
            <dt className="text-sm text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-slate-900">{card.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="accounts" className="mt-10">
        <h2 id="accounts" className="text-xl font-bold text-slate-900">
          Accounts by role
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-4">
          {ROLES.map((role) => (
            <li key={role} className="rounded-xl bg-slate-50 p-4">
              <span className="block text-sm capitalize text-slate-700">{role}</span>
              <span className="block text-2xl font-bold text-slate-900">{figures.usersByRole[role] ?? 0}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
