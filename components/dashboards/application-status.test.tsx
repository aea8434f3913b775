import { renderToStaticMarkup } from "react-dom/server";

import { ReviewList } from "@/components/classroom/review-list";
import { formatInstant, MONTH_FORMAT } from "@/lib/scheduling/zone-name";

import { ApplicationStatus } from "./application-status";

/** Issue 41, one clock: dates people read are on their clock with the zone named, not UTC unnamed. */
const text = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("an applicant's application date", () => {
  const application = { id: 1, status: "pending" as const, createdAt: new Date("2026-03-01T02:30:00Z"), decidedAt: null };

  it("is when they sent it on their clock, named (the day before in Los Angeles, not UTC's)", () => {
    const la = text(renderToStaticMarkup(<ApplicationStatus application={application} zone="America/Los_Angeles" />));
    expect(la).toContain("We have your application from Sat, Feb 28, 2026, 6:30 PM Pacific Time (Los Angeles); status: pending");
    const kolkata = text(renderToStaticMarkup(<ApplicationStatus application={application} zone="Asia/Kolkata" />));
    expect(kolkata).toContain("Sun, Mar 1, 2026, 8:00 AM India Standard Time (Kolkata)");
  });
});

describe("a review's month", () => {
  const review = {
    id: 3,
    rating: 5,
    comment: "Loved it",
    learnerFirstName: "Ada",
    learnerGrade: 4,
    courseTitle: "Piano",
    courseSlug: "piano",
    at: "2026-03-01T02:30:00.000Z",
  };

  it("reads on the viewer's clock with the zone named (February in Los Angeles)", () => {
    expect(formatInstant(new Date(review.at), "America/Los_Angeles", "en-US", MONTH_FORMAT)).toBe("Feb 2026 Pacific Time (Los Angeles)");
    expect(formatInstant(new Date(review.at), "Asia/Kolkata", "en-US", MONTH_FORMAT)).toBe("Mar 2026 India Standard Time (Kolkata)");
  });

  it("names UTC on the cached page until the browser has the viewer's zone, with the instant for it", () => {
    const markup = renderToStaticMarkup(<ReviewList reviews={[review]} />);
    expect(markup).toContain(`<time dateTime="${review.at}">Mar 2026 UTC</time>`);
  });
});
