import type { Role } from "@/lib/platform/auth/roles";
import { brandLabels, brandRoutes } from "@/lib/platform/brand";
import { COURSE_CATEGORIES, CATEGORY_LABELS } from "@/lib/platform/constants";
import { env } from "@/lib/platform/env";

export interface NavLink {
  label: string;
  href: string;
  /** Another site: opens in a new tab, without an opener or a referrer. */
  isExternal?: boolean;
}

/** SPEC 2: 'Practice Python' goes to an outside practice site; PRACTICE_PYTHON_URL set empty hides it. */
export function practicePythonLinks(url: string): NavLink[] {
  return url === "" ? [] : [{ label: "Practice Python", href: url, isExternal: true }];
}

/**
 * SPEC 2, "Layout by role": the anonymous bar, and the public links the full bar (admin, teacher)
 * repeats, where the anonymous visitor and the admin and teacher both look for 'Practice Python'.
 */
export const anonymousNav: NavLink[] = [
  { label: "Courses", href: "/courses" },
  { label: "Contact Us", href: "/contact" },
  { label: "Blog", href: "/blog" },
  ...practicePythonLinks(env.PRACTICE_PYTHON_URL),
];

export const anonymousActions = {
  signIn: { label: "Log in", href: "/signin" },
  signUp: { label: "Sign up", href: "/signup" },
} as const;

/** SPEC 2, "Common elements": the footer's explore and policy links. */
export const footerExplore: NavLink[] = [
  { label: "All courses", href: "/courses" },
  ...COURSE_CATEGORIES.map((c) => ({ label: `${CATEGORY_LABELS[c]} courses`, href: `/courses/category/${c}` })),
  { label: "Book a free demo", href: "/book-free-demo" },
  { label: "Join us", href: brandRoutes.join },
  // Signed out, the guard sends this to /signup keeping the query, so sign-up speaks to teachers and returns here (issue 38).
  { label: "Become a teacher", href: "/become-a-teacher?callbackUrl=%2Fbecome-a-teacher" },
  { label: "Gift a course", href: "/gift-a-course" },
  { label: "Blog", href: "/blog" },
];

export const footerPolicies: NavLink[] = [
  { label: "Privacy Policy", href: "/privacy-policy" },
  { label: "Terms of Service", href: "/terms-of-service" },
  { label: "Contact Us", href: "/contact" },
  { label: "Delete account", href: "/deleteaccount" },
];

/** SPEC 2 "Layout by role" and SPEC 6: what each signed-in role's bar shows. */
export interface RoleBar {
  /** Links in the bar itself. */
  links: NavLink[];
  /**
   * The cart, for the roles that buy seats (issue 31 item 4): always in sight, on small screens too,
   * with the number of seats in it. Families buy; teachers, admins and support do not.
   */
  cart?: NavLink;
  /**
   * Messages (issue 28), for every role, with the number unread: counted by the signed-in pages' layouts
   * into the HTML; the static pages show the link without a count (their JavaScript stays small).
   */
  messages: NavLink;
  /** Links beside the avatar and name, before Logout. */
  account: NavLink[];
}

/** The cart link; the bar adds the count of seats in it. */
export const CART_LINK: NavLink = { label: "Cart", href: "/cart" };

/** The inbox: a family's, a teacher's, or for support and admins every conversation. */
export const MESSAGES_LINK: NavLink = { label: "Messages", href: "/share-a-message" };

const editProfile = { label: "Edit Profile", href: "/user/edit-profile" };
const editPassword = { label: "Edit Password", href: "/user/edit-password" };
const teacherDashboard = { label: "Teacher Dashboard", href: "/teacher/dashboard" };

export const roleBars: Record<Role, RoleBar> = {
  // The compact bar: avatar and name, Edit Profile, Edit Password, Logout; Courses, My courses and the cart beside it
  // (on a phone, Courses and My courses open from the avatar's menu).
  student: {
    links: [
      { label: "Courses", href: "/courses" },
      { label: "My courses", href: "/my-courses" },
    ],
    cart: CART_LINK,
    messages: MESSAGES_LINK,
    account: [{ label: brandLabels.cash, href: brandRoutes.wallet }, editProfile, editPassword],
  },
  // The full bar; the Teacher Dashboard is for teacher and admin, Dashboard for admin only.
  teacher: {
    links: [...anonymousNav, teacherDashboard],
    messages: MESSAGES_LINK,
    account: [
      { label: "My Courses", href: "/teacher/courses" },
      { label: "My Sections", href: "/teacher/sections" },
      { label: "Availability", href: "/teacher/availability" },
      editProfile,
      editPassword,
    ],
  },
  admin: {
    links: [
      ...anonymousNav,
      teacherDashboard,
      { label: "Dashboard", href: "/admin/dashboard" },
      { label: "Safety", href: "/support/safety" },
    ],
    messages: MESSAGES_LINK,
    account: [editProfile, editPassword],
  },
  support: {
    links: [
      { label: "Dashboard", href: "/support/dashboard" },
      { label: "Safety", href: "/support/safety" },
    ],
    messages: MESSAGES_LINK,
    account: [editProfile, editPassword],
  },
};
