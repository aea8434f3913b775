import type { sections } from "@/lib/platform/db/schema";

type SectionStatus = (typeof sections.$inferSelect)["status"];

/**
 * Sections on sale: `open`, and `full` (on sale, with no seat left to sell). A checkout that takes a
 * section's last seat sets it `full` and a freed seat opens it again (lib/commerce/checkout/seats.ts); a
 * teacher may set either. Families see a full section as full, never as closed or gone.
 */
export const ON_SALE_SECTION_STATUSES = ["open", "full"] as const satisfies readonly SectionStatus[];

export function isOnSale(status: SectionStatus): boolean {
  return (ON_SALE_SECTION_STATUSES as readonly SectionStatus[]).includes(status);
}

/** Seats a family can still buy, given the live seats taken: none in a `full` section, whatever its capacity says. */
export function seatsLeftIn(section: { status: SectionStatus; capacity: number }, taken: number): number {
  return section.status === "full" ? 0 : Math.max(0, section.capacity - taken);
}
