/**
 * Constants of SPEC.md section 9 that client components need too. The brand
 * itself (name, slug, contacts) is configuration and lives in lib/platform/brand.ts,
 * which reads the server environment.
 */
export const GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type Grade = (typeof GRADES)[number];

export function isGrade(value: number): value is Grade {
  return Number.isInteger(value) && value >= 1 && value <= 12;
}

export const COURSE_CATEGORIES = ["technical", "academic", "language", "music", "lifestyle"] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export function isCourseCategory(value: string): value is CourseCategory {
  return (COURSE_CATEGORIES as readonly string[]).includes(value);
}

export const CATEGORY_LABELS: Record<CourseCategory, string> = {
  technical: "Technical",
  academic: "Academic",
  language: "Language",
  music: "Music",
  lifestyle: "Lifestyle",
};

/** SPEC 9: sticky header and scroll-to-top both appear after 170 px of scroll. */
export const SCROLL_THRESHOLD_PX = 170;
/** SPEC 2: the scroll-to-top button climbs 100 px every ~10.5 ms. */
export const SCROLL_TOP_STEP_PX = 100;
export const SCROLL_TOP_STEP_DELAY_MS = 10.5;
/** SPEC 9. */
export const INITIAL_LOADER_MS = 1000;
export const TOAST_DURATION_MS = 10000;
export const LOGOUT_REDIRECT_DELAY_MS = 100;
export const COOKIE_CONSENT_MAX_AGE_DAYS = 365;
export const COOKIE_CONSENT_ACCEPT_ON_SCROLL_PERCENT = 25;
export const COOKIE_CONSENT_NAME = "cookie_consent";

/** SPEC 9: the demo success dialog. */
export const DEMO_SUCCESS_TITLE = "Thank you!";
export const DEMO_SUCCESS_TEXT = "Thank you for showing your interest. Our team will reach you in 24hrs.";

/** Where a person's time zone is not known yet, instants are shown in this one, always with its name. */
export const FALLBACK_TIMEZONE = "UTC";
