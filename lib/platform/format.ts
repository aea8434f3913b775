/** How long ago, as a support agent reads it at a glance: "under an hour", "5 h", "3 days". */
export function formatAge(from: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - from.getTime()) / 3_600_000);
  if (hours < 1) return "under an hour";
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A date and time in UTC, the same for every agent whatever their machine's zone. */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
