import { brand } from "@/lib/platform/brand";
import { jsonLd } from "@/lib/platform/seo";

import type { CoursePage } from "./course-page";
import { minorToDecimal } from "./weekly-times";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The approved reviews' average and count (lib/classroom/reviews.ts courseRating). */
export interface CourseRatingData {
  average: number | null;
  count: number;
}

/**
 * schema.org Course for /courses/{slug}, each open section a CourseInstance with its weekly schedule
 * and price; an AggregateRating once at least one review is approved (none with no rating at all).
 */
export function courseJsonLd(course: CoursePage, rating?: CourseRatingData): string {
  return jsonLd({
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: `${brand.siteUrl}/courses/${course.slug}`,
    educationalLevel: `Grades ${course.gradeMin}-${course.gradeMax}`,
    provider: { "@type": "Organization", name: brand.name, sameAs: brand.siteUrl },
    ...(rating && rating.count > 0 && rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            ratingCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    hasCourseInstance: course.sections.map((section) => ({
      "@type": "CourseInstance",
      courseMode: "online",
      startDate: section.nextStartsAt,
      ...(section.endsOn ? { endDate: section.endsOn } : {}),
      instructor: { "@type": "Person", name: section.teacherName },
      courseSchedule: {
        "@type": "Schedule",
        repeatFrequency: "P1W",
        byDay: section.weekdays.map((day) => `https://schema.org/${DAYS[day - 1]}`),
        startTime: section.startTime,
        duration: `PT${section.durationMinutes}M`,
        scheduleTimezone: section.timezone,
        startDate: section.startsOn,
        ...(section.endsOn ? { endDate: section.endsOn } : {}),
      },
      offers: {
        "@type": "Offer",
        category: "Paid",
        price: minorToDecimal(section.priceMinor, section.currency),
        priceCurrency: section.currency,
        availability: section.seatsLeft > 0 ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      },
    })),
  });
}
