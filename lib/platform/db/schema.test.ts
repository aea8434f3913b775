import { randomUUID } from "node:crypto";

import { eq, is, sql, type SQL } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { getTableConfig, isPgEnum, PgTable } from "drizzle-orm/pg-core";

import * as schema from "@/lib/platform/db/schema";
import { bookingHistory, bookings, orderItems, orders } from "@/lib/platform/db/schema";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

/**
 * The schema is one file per domain behind a barrel (lib/platform/db/schema/index.ts): the barrel must
 * still export every table the migrations create, under the same SQL names, and the relations() beside
 * them must answer `db.query ... with`.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const exported: unknown[] = Object.values(schema);
const exportedTables = exported.filter((value): value is PgTable => is(value, PgTable));

/** A column's SQL name: the key in snake_case (casing: "snake_case"), unless the column names itself. */
const columnName = (column: { name: string; keyAsName: boolean }) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** PGlite and node-postgres both answer raw SQL with { rows }. */
async function selectRows<Row>(query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe("the schema barrel (lib/platform/db/schema)", () => {
  it("exports every table of the migrated database, each with its columns, and no other", async () => {
    const rows = await selectRows<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const migrated = new Map<string, string[]>();
    for (const { table_name, column_name } of rows) migrated.set(table_name, [...(migrated.get(table_name) ?? []), column_name]);

    const tables = new Map(exportedTables.map((table) => [getTableConfig(table).name, getTableConfig(table).columns.map(columnName)]));

    expect([...tables.keys()].sort()).toEqual([...migrated.keys()].sort());
    expect(tables.size).toBe(68);
    for (const [name, columns] of tables) expect([name, columns.sort()]).toEqual([name, migrated.get(name)!.sort()]);
  });

  it("exports every enum type of the migrated database, with its values", async () => {
    const rows = await selectRows<{ name: string; value: string }>(
      sql`select t.typname as name, e.enumlabel as value from pg_type t join pg_enum e on e.enumtypid = t.oid
          join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public' order by t.typname, e.enumsortorder`,
    );
    const migrated: Record<string, string[]> = {};
    for (const { name, value } of rows) (migrated[name] ??= []).push(value);

    const exported = Object.fromEntries(
      Object.values(schema).flatMap((value) => (isPgEnum(value) ? [[value.enumName, value.enumValues]] : [])),
    );
    expect(exported).toEqual(migrated);
  });
});

describe("relations (lib/platform/db/schema/relations.ts)", () => {
  it("loads a booking with its section, course, learner and history", async () => {
    const db = database.db;
    const sectionId = await newSection(db);
    const { parentId, learnerId } = await newFamily(db);
    const section = await db.query.sections.findFirst({ where: (s, { eq }) => eq(s.id, sectionId) });
    const startsAt = new Date("2030-01-07T21:00:00Z");
    const [booking] = await db
      .insert(bookings)
      .values({
        kind: "seat",
        learnerId,
        teacherId: section!.teacherId,
        sectionId,
        courseId: section!.courseId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        status: "confirmed",
        token: randomUUID(),
      })
      .returning({ id: bookings.id });
    await db.insert(bookingHistory).values({ bookingId: booking!.id, toStatus: "confirmed", byId: parentId });

    const loaded = await db.query.bookings.findFirst({
      where: eq(bookings.id, booking!.id),
      with: { section: { with: { course: true } }, learner: { with: { parent: true } }, history: true, demoRequest: true },
    });

    expect(loaded?.section?.id).toBe(sectionId);
    expect(loaded?.section?.course.id).toBe(section!.courseId);
    expect(loaded?.learner?.firstName).toBe("Ada");
    expect(loaded?.learner?.parent.id).toBe(parentId);
    expect(loaded?.history.map((row) => row.toStatus)).toEqual(["confirmed"]);
    expect(loaded?.demoRequest).toBeNull();
  });

  it("loads an order with its items, and a section with its bookings", async () => {
    const db = database.db;
    const sectionId = await newSection(db);
    const { parentId, learnerId } = await newFamily(db);
    const [order] = await db
      .insert(orders)
      .values({ userId: parentId, status: "paid", currency: "USD", totalMinor: 10_000, walletMinor: 0, cardMinor: 10_000 })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({ orderId: order!.id, sectionId, learnerId, priceMinor: 10_000 });

    const loaded = await db.query.orders.findFirst({
      where: eq(orders.id, order!.id),
      with: { user: true, items: { with: { section: true, learner: true, booking: true } } },
    });
    expect(loaded?.user.id).toBe(parentId);
    expect(loaded?.items.map((item) => [item.section.id, item.learner.id, item.booking])).toEqual([[sectionId, learnerId, null]]);

    const withBookings = await db.query.sections.findFirst({
      where: (s, { eq }) => eq(s.id, sectionId),
      with: { bookings: true, orderItems: true },
    });
    expect(withBookings?.bookings).toEqual([]);
    expect(withBookings?.orderItems).toHaveLength(1);
  });
});
