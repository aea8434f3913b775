import "server-only";

import { asc, eq, inArray } from "drizzle-orm";

import { authorize, can, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { earningsStatements, sections, teacherPayoutAccounts, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";

import { monthOf, monthRange } from "./attribution";
import { statementCsv } from "./csv";
import { parseMonth, teacherStatement, type Statement } from "./statements";

const NO_STATEMENT = "There is no such statement.";

/**
 * Whose statement a request may read: a teacher their own only (another teacher's id answers "no
 * such statement", as if it did not exist); an admin anyone's, named by id. Ownership is decided
 * here, on the server, from the session's actor, never from the page that linked to it.
 */
function teacherOf(actor: Actor | null | undefined, requested: unknown): number {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  if (can(actor.role, "earnings.manage")) {
    const id = typeof requested === "string" && /^\d{1,9}$/.test(requested) ? Number(requested) : null;
    if (!id) throw new AppError("invalid", "Name the teacher (teacher=ID).");
    return id;
  }
  authorize(actor, "earnings.read-own");
  if (requested !== undefined && requested !== null && requested !== "" && requested !== String(actor.id)) {
    throw new AppError("not-found", NO_STATEMENT);
  }
  return actor.id;
}

/**
 * One month's statement as CSV, for its teacher or an admin, each line's day on the reader's clock;
 * its file name carries the month and the teacher's id.
 */
export async function statementCsvFor(
  actor: Actor | null | undefined,
  query: { teacher?: unknown; month?: unknown },
  now = new Date(),
): Promise<{ csv: string; filename: string }> {
  const teacherId = teacherOf(actor, query.teacher);
  const month = parseMonth(query.month);
  if (!month) throw new AppError("invalid", "Choose a month (month=YYYY-MM).");
  if (month > monthOf(now)) throw new AppError("not-found", NO_STATEMENT);
  const db = await getDb();
  const [teacher] = await db.select({ id: users.id }).from(users).where(eq(users.id, teacherId));
  if (!teacher) throw new AppError("not-found", NO_STATEMENT);
  // Each line's day on the reader's clock: the teacher's own, or the admin's (an admin has no
  // profile, so teacherTimezone reads their account's zone, as their pages do).
  const [statement, zone] = await Promise.all([teacherStatement(teacherId, month, now), teacherTimezone(actor!.id)]);
  return { csv: statementCsv(statement, zone), filename: `earnings-${month}-teacher-${teacherId}.csv` };
}

export interface AdminStatementRow extends Statement {
  teacherName: string;
  teacherEmail: string;
  connected: boolean;
}

/** The last month that is over (the one an admin pays by default). */
export function lastClosedMonth(now = new Date()): string {
  return monthOf(new Date(monthRange(monthOf(now)).from.getTime() - 1));
}

/** Every teacher's statement for a month (admins): each teacher with a section, and anyone already paid for it. */
export async function listStatementsForAdmin(
  actor: Actor | null | undefined,
  month: string,
  now = new Date(),
): Promise<AdminStatementRow[]> {
  authorize(actor, "earnings.manage");
  const db = await getDb();
  const teaching = await db.selectDistinct({ id: sections.teacherId }).from(sections);
  const paid = await db
    .select({ id: earningsStatements.teacherId })
    .from(earningsStatements)
    .where(eq(earningsStatements.month, `${month}-01`));
  const ids = [...new Set([...teaching, ...paid].map((row) => row.id))];
  if (ids.length === 0) return [];
  const people = await db
    .select({
      id: users.id,
      name: users.displayName,
      email: users.email,
      payoutsEnabled: teacherPayoutAccounts.payoutsEnabled,
    })
    .from(users)
    .leftJoin(teacherPayoutAccounts, eq(teacherPayoutAccounts.teacherId, users.id))
    .where(inArray(users.id, ids))
    .orderBy(asc(users.displayName), asc(users.id));
  const rows: AdminStatementRow[] = [];
  for (const person of people) {
    const statement = await teacherStatement(person.id, month, now);
    rows.push({
      ...statement,
      teacherName: person.name ?? person.email,
      teacherEmail: person.email,
      connected: Boolean(person.payoutsEnabled),
    });
  }
  return rows;
}
