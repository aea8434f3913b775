/** How long ago, as a support agent reads it at a glance: "under an hour", "5 h", "3 days". */
export function formatAge(from: Date, now: Date): string {
  const hours = Math.floor((now.getTime() - from.getTime()) / 3_600_000);
  if (hours < 1) return "under an hour";
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}
