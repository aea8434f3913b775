import { DateTime } from "luxon";

import type { LearnerHomeworkItem } from "./views";

/** A task still to hand in, placed on the child's week: late (its due time has passed), due today, or due later this week. */
export interface HomeworkDue {
  item: LearnerHomeworkItem;
  when: "late" | "today" | "week";
}

/**
 * The homework on the child's week (/learn's Today and This week), in the family's zone: tasks not
 * handed in that are late (shown under Today, marked late), due before the end of today, or due
 * before the end of the seventh day (the week the page lists classes for). Soonest first.
 */
export function homeworkDueThisWeek(items: readonly LearnerHomeworkItem[], zone: string, now = new Date()): HomeworkDue[] {
  const dayStart = DateTime.fromJSDate(now).setZone(zone).startOf("day");
  const todayEnds = dayStart.plus({ days: 1 }).toMillis();
  const weekEnds = dayStart.plus({ days: 7 }).toMillis();
  return items
    .filter((item) => !item.submission && Date.parse(item.dueAt) < weekEnds)
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
    .map((item) => {
      const due = Date.parse(item.dueAt);
      return { item, when: due <= now.getTime() ? "late" : due < todayEnds ? "today" : "week" };
    });
}
