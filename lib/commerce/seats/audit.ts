import "server-only";

import { desc, sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { claimJobRun } from "@/lib/platform/db/job-runs";
import { moneyAudits } from "@/lib/platform/db/schema/index";

/**
 * The money audit (issue 39): for every paid seat, price = refunds + credits + teacher earnings +
 * platform share + the value of sessions not yet held. Teacher earnings and the platform's share
 * are the value of the sessions held (their open entitlements whose time has passed), so the check
 * is, per seat: what it cost in all (its order item's price, after transfers) equals the value of its
 * entitlements (open, credited, refunded: not those moved away); what its refund gave back equals
 * the entitlements settled `refunded`; what session credits gave it equals those settled
 * `credited`; and a paid seat has entitlements at all. And for every account: its {product} Cash
 * balance (the sum of its ledger entries) is not negative, and no section holds more live seats than it has.
 * Run by `npm run audit:money` (scripts/audit-money.ts, exits non-zero on a mismatch), daily by the
 * job below (admins see the last run on their dashboard), and after every step of the simulation.
 */

export interface Mismatch {
  kind: "seat" | "wallet" | "section";
  /** The order item, user or section id. */
  id: number;
  message: string;
}

export interface AuditResult {
  checkedSeats: number;
  checkedWallets: number;
  mismatches: Mismatch[];
}

type Reader = Pick<Database, "execute"> | Transaction;

/**
 * Part of the database to check, by ids at least these (everything by default): the simulation checks
 * the world it is playing in after every step, and the whole database once per run.
 */
export interface AuditScope {
  orderItemsFrom?: number;
  usersFrom?: number;
  sectionsFrom?: number;
}

const rowsOf = <T>(result: unknown): T[] => {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};

export async function auditMoney(db: Reader, scope: AuditScope = {}): Promise<AuditResult> {
  const { orderItemsFrom = 0, usersFrom = 0, sectionsFrom = 0 } = scope;
  const seats = rowsOf<{
    id: number;
    price: number;
    entitled: number;
    rows: number;
    refunded_rows: number;
    refunded: number;
    credited_rows: number;
    credited: number;
  }>(
    await db.execute(sql`
      select oi.id, oi.price_minor as price,
        coalesce(sum(ss.value_minor) filter (where ss.status <> 'transferred'), 0)::int as entitled,
        count(ss.id)::int as rows,
        coalesce(sum(ss.value_minor) filter (where ss.status = 'refunded'), 0)::int as refunded_rows,
        coalesce((select sum(r.wallet_minor + r.card_minor) from refunds r where r.order_item_id = oi.id), 0)::int as refunded,
        coalesce(sum(ss.value_minor) filter (where ss.status = 'credited'), 0)::int as credited_rows,
        coalesce((select sum(sc.amount_minor) from session_credits sc where sc.booking_id = oi.booking_id), 0)::int as credited
      from order_items oi
      join orders o on o.id = oi.order_id
      left join seat_sessions ss on ss.order_item_id = oi.id
      where o.status in ('paid', 'refunded') and o.paid_at is not null and oi.id >= ${orderItemsFrom}
      group by oi.id
      order by oi.id`),
  );
  const mismatches: Mismatch[] = [];
  for (const seat of seats) {
    const seatSays = (message: string) => mismatches.push({ kind: "seat", id: seat.id, message: `order item ${seat.id}: ${message}` });
    if (seat.rows === 0) {
      seatSays(`paid ${seat.price} but has no entitlements`);
      continue;
    }
    if (seat.price !== seat.entitled) seatSays(`price ${seat.price} ≠ entitlements ${seat.entitled}`);
    if (seat.refunded !== seat.refunded_rows) seatSays(`refunded ${seat.refunded} ≠ entitlements refunded ${seat.refunded_rows}`);
    if (seat.credited !== seat.credited_rows) seatSays(`credited ${seat.credited} ≠ entitlements credited ${seat.credited_rows}`);
  }
  const wallets = rowsOf<{ user_id: number; balance: number }>(
    await db.execute(
      sql`select user_id, sum(amount_minor)::int as balance from ledger_entries where user_id >= ${usersFrom} group by user_id order by user_id`,
    ),
  );
  for (const wallet of wallets)
    if (wallet.balance < 0)
      mismatches.push({
        kind: "wallet",
        id: wallet.user_id,
        message: `account ${wallet.user_id}: Cash balance ${wallet.balance} below zero`,
      });
  const oversold = rowsOf<{ id: number; capacity: number; live: number }>(
    await db.execute(sql`
      select s.id, s.capacity, count(b.id)::int as live
      from sections s join bookings b on b.section_id = s.id and b.kind = 'seat' and b.status in ('held', 'confirmed')
      where s.id >= ${sectionsFrom}
      group by s.id having count(b.id) > s.capacity`),
  );
  for (const section of oversold)
    mismatches.push({
      kind: "section",
      id: section.id,
      message: `section ${section.id}: ${section.live} live seats for ${section.capacity}`,
    });
  return { checkedSeats: seats.length, checkedWallets: wallets.length, mismatches };
}

export const MONEY_AUDIT_JOB = "money-audit";
const MIN_HOURS_BETWEEN_RUNS = 20;

/**
 * The daily audit: claimed once a day across instances (job_runs, as the retention job), its
 * result stored for the admin dashboard (moneyAuditSummary). Returns null when another run had the day.
 */
export async function runDailyMoneyAudit(db: Database, now = new Date()): Promise<AuditResult | null> {
  return db.transaction(async (tx) => {
    if (!(await claimJobRun(tx, MONEY_AUDIT_JOB, now, MIN_HOURS_BETWEEN_RUNS * 3_600_000))) return null;
    const result = await auditMoney(tx);
    await tx.insert(moneyAudits).values({ ...result, ranAt: now });
    if (result.mismatches.length > 0) console.error(`[commerce] money audit: ${result.mismatches.length} mismatches`);
    return result;
  });
}

/** The last audit, for the admin dashboard: when, what it checked, and its mismatches (at most `limit`). */
export async function lastMoneyAudit(db: Pick<Database, "select">, limit = 20) {
  const [row] = await db.select().from(moneyAudits).orderBy(desc(moneyAudits.ranAt)).limit(1);
  if (!row) return null;
  const mismatches = row.mismatches as Mismatch[];
  return {
    ranAt: row.ranAt,
    checkedSeats: row.checkedSeats,
    checkedWallets: row.checkedWallets,
    total: mismatches.length,
    shown: mismatches.slice(0, limit),
  };
}

/** The last audit as the admin dashboard shows it (figures.read, as the dashboard's other figures). */
export async function getLastMoneyAudit(actor: Actor) {
  authorize(actor, "figures.read");
  return lastMoneyAudit(await getDb());
}

let auditTimer: NodeJS.Timeout | undefined;

/** Runs the audit now and then every hour; the claim makes it once a day across instances. */
export function startMoneyAuditTimer(intervalMs = 60 * 60 * 1000): void {
  if (auditTimer) return;
  const tick = async () => {
    try {
      await runDailyMoneyAudit(await getDb());
    } catch (error) {
      console.error("[commerce] money audit failed:", error instanceof Error ? error.message : error);
    }
  };
  void tick();
  auditTimer = setInterval(() => void tick(), intervalMs);
  auditTimer.unref();
}
