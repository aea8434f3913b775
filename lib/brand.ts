import { env } from "@/lib/env";

/**
 * The brand, from configuration (ARCHITECTURE: placeholders in SPEC.md).
 * Every route and label that carries the product's name derives from here;
 * change PRODUCT_NAME / PRODUCT_SLUG and rebuild to rebrand.
 */
function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const name = env.PRODUCT_NAME;
const slug = env.PRODUCT_SLUG ?? (slugify(name) || "classes");

export const brand = {
  name,
  slug,
  supportEmail: env.SUPPORT_EMAIL,
  supportPhone: env.SUPPORT_PHONE,
  /** tel: links want digits and a leading plus only. */
  supportPhoneHref: `tel:${env.SUPPORT_PHONE.replace(/[^0-9+]/g, "")}`,
  address: env.SUPPORT_ADDRESS,
  /** When the support team answers the phone and email (contact page, help text). */
  supportHours: "Monday to Saturday, 8am–8pm ET",
  siteUrl: env.APP_URL.replace(/\/$/, ""),
  tagline: "Live classes for curious kids",
  description:
    "Live online classes for school-age children, one-on-one or in small groups: coding, maths, languages, music and life skills, taught by vetted teachers.",
  social: [
    { label: "Facebook", href: `https://www.facebook.com/${slug}` },
    { label: "Instagram", href: `https://www.instagram.com/${slug}` },
    { label: "YouTube", href: `https://www.youtube.com/@${slug}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/company/${slug}` },
  ],
} as const;

/** Routes and labels that carry the brand (SPEC.md section 2). */
export const brandRoutes = {
  join: `/join-${slug}`,
  joinSegment: `join-${slug}`,
  wallet: `/user/${slug}-coin`,
  walletSegment: `${slug}-coin`,
} as const;

export const brandLabels = {
  cash: `${name} Cash`,
  gpt: `${name} GPT`,
  welcome: `Welcome to ${name}!`,
} as const;
