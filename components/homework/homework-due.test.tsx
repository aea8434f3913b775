import { renderToStaticMarkup } from "react-dom/server";

import { HomeworkDueList } from "@/components/learner/homework-due-list";
import { homeworkDueThisWeek } from "@/lib/homework/due";
import type { LearnerHomeworkItem } from "@/lib/homework/views";

import { LearnerHomeworkList } from "./homework-details";
import { HomeworkTaskView, type HomeworkTaskWording } from "./homework-task-view";

jest.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

/** Homework due dates on the child's week (/learn) and the family's My courses: the family's clock, the zone named, late marked. */
const NOW = new Date("2027-03-10T15:00:00Z"); // 10:00 in Chicago, a Wednesday
const ZONE = "America/Chicago";
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const task = (taskId: number, dueAt: string, handedIn = false): LearnerHomeworkItem => ({
  taskId,
  sectionId: 1,
  learnerId: 7,
  learnerFirstName: "Sam",
  courseTitle: "Scratch Game Design",
  title: `Task ${taskId}`,
  instructions: "Draw the map.",
  resourceUrl: null,
  dueAt,
  sessionStartsAt: "2027-03-01T21:00:00.000Z",
  submission: handedIn ? { id: 1, text: "Done", link: null, submittedAt: dueAt, isLate: false, files: [], feedback: null } : null,
});

describe("homework on the child's week", () => {
  const items = [
    task(1, "2027-03-10T00:00:00.000Z"), // yesterday 18:00 Chicago (CST): late
    task(2, "2027-03-11T05:00:00.000Z"), // 23:00 Chicago today (already tomorrow in UTC)
    task(3, "2027-03-13T00:00:00.000Z"), // Friday 18:00 Chicago
    task(4, "2027-03-20T00:00:00.000Z"), // next week: not on this week
    task(5, "2027-03-10T23:00:00.000Z", true), // handed in: nothing to do
  ];

  it("places each task still to do by the family's day: late, today, this week", () => {
    expect(homeworkDueThisWeek(items, ZONE, NOW).map((d) => [d.item.taskId, d.when])).toEqual([
      [1, "late"],
      [2, "today"],
      [3, "week"],
    ]);
    // In London the same instant (23:00 Chicago) is tomorrow morning: this week, not today.
    expect(homeworkDueThisWeek([items[1]!], "Europe/London", NOW).map((d) => d.when)).toEqual(["week"]);
  });

  it("shows each due time on the family's clock with the zone named, and the late one marked", () => {
    const due = homeworkDueThisWeek(items, ZONE, NOW);
    const shown = text(renderToStaticMarkup(<HomeworkDueList due={due} timezone={ZONE} label="Homework for today" />));
    expect(shown).toContain("Task 2");
    expect(shown).toMatch(/Due [^·]*Mar[^·]*10[^·]*11:00\s?PM Central Time \(Chicago\)/);
    expect(shown.match(/Late: hand it in anyway/g)).toHaveLength(1);
    expect(renderToStaticMarkup(<HomeworkDueList due={[]} timezone={ZONE} label="x" />)).toBe("");
  });

  it("lists the family's homework on My courses the same way: due in the family's zone, named, overdue marked", () => {
    const shown = text(
      renderToStaticMarkup(<LearnerHomeworkList items={items.slice(0, 2)} timezone={ZONE} hrefOf={() => "#"} now={NOW} />),
    );
    expect(shown).toMatch(/Task 1 .*Due .*6:00\s?PM Central Time \(Chicago\) · Overdue: late work is still taken/);
    expect(shown).toMatch(/Task 2 .*Due .*11:00\s?PM Central Time \(Chicago\) · To do/);
  });
});

describe("one task view for the parent's page and the child's", () => {
  const wording = (who: "parent" | "child"): HomeworkTaskWording => ({
    back:
      who === "parent" ? { href: "/my-courses#homework", label: "Back to My courses" } : { href: "/learn", label: "Back to my classes" },
    subtitle: who === "parent" ? "Scratch Game Design · Sam" : "Scratch Game Design",
    zoneNote: who === "parent" ? "Times in Central Time (Chicago)." : "Times are Central Time (Chicago). Late work is OK.",
    handedInHeading: who === "parent" ? "Handed in" : "My work",
    waitingForFeedback: who === "parent" ? "Waiting for the teacher's feedback." : "Your teacher will write back soon.",
    handInHeading: who === "parent" ? "Hand in for Sam" : "Hand in",
    handInAgainHeading: "Hand in again",
  });
  const handIn = async () => ({ ok: true as const, message: "" });

  it("renders each page's own words around the same task, and the hand-in form until feedback comes", () => {
    const parent = text(
      renderToStaticMarkup(
        <HomeworkTaskView
          item={task(2, "2027-03-11T05:00:00.000Z")}
          timezone={ZONE}
          wording={wording("parent")}
          size="grown-up"
          handIn={handIn}
        />,
      ),
    );
    expect(parent).toContain("Back to My courses");
    expect(parent).toContain("Scratch Game Design · Sam");
    expect(parent).toMatch(/Due .*11:00\s?PM Central Time \(Chicago\)/);
    expect(parent).toContain("Hand in for Sam");
    expect(parent).not.toContain("Handed in");

    const child = renderToStaticMarkup(
      <HomeworkTaskView
        item={task(5, "2027-03-10T23:00:00.000Z", true)}
        timezone={ZONE}
        wording={wording("child")}
        size="child"
        handIn={handIn}
      />,
    );
    expect(text(child)).toContain("Back to my classes");
    expect(text(child)).toContain("My work");
    expect(text(child)).toContain("Your teacher will write back soon.");
    expect(text(child)).toContain("Hand in again");
    // The child's page reads larger.
    expect(child).toContain("text-2xl");
  });
});
