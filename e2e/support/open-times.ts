import { expect, type Locator } from "@playwright/test";

/**
 * One of a picker's first open times, at random. The specs run in parallel against one server and
 * the same seeded teachers: two that both took the first time would race for it, and the loser
 * would see "That time was just taken" (the product's right answer, but not what either spec tests).
 */
export async function someOpenTime(picker: Locator, among = 20): Promise<Locator> {
  const times = picker.getByRole("button");
  await expect(times.first()).toBeVisible();
  const count = Math.min(await times.count(), among);
  const chosen = times.nth(Math.floor(Math.random() * count));
  // Held by its name, not its place: the list shifts when another spec books a time meanwhile.
  const name = ((await chosen.getAttribute("aria-label")) ?? (await chosen.textContent()) ?? "").trim();
  return picker.getByRole("button", { name, exact: true });
}

/**
 * Books one of the picker's first open times and waits for `booked` (the answer that says so).
 * Another spec may take the same time a moment earlier: the picker then says "That time was just
 * taken" and reloads its times, and this picks again, as a person would. Returns the booked time's label.
 */
export async function bookSomeOpenTime(picker: Locator, booked: Locator, among = 20): Promise<string> {
  const taken = picker.getByRole("alert").filter({ hasText: "That time was just taken" });
  for (let attempt = 1; ; attempt += 1) {
    const time = await someOpenTime(picker, among);
    const label = (await time.getAttribute("aria-label")) ?? "";
    await time.click();
    await expect(booked.or(taken).first()).toBeVisible();
    if ((await booked.isVisible()) || attempt === 3) return label;
  }
}
