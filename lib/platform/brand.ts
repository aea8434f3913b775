import { env, type Env } from "@/lib/platform/env";

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

/**
 * SPEC 2: the footer's social links, each from its own variable and only those configured (a
 * link built from the slug would point at whoever owns that name on the network).
 */
export function socialLinks(
  config: Pick<Env, "SOCIAL_FACEBOOK_URL" | "SOCIAL_INSTAGRAM_URL" | "SOCIAL_YOUTUBE_URL" | "SOCIAL_LINKEDIN_URL">,
) {
  const all = [
    { label: "Facebook", href: config.SOCIAL_FACEBOOK_URL },
    { label: "Instagram", href: config.SOCIAL_INSTAGRAM_URL },
    { label: "YouTube", href: config.SOCIAL_YOUTUBE_URL },
    { label: "LinkedIn", href: config.SOCIAL_LINKEDIN_URL },
  ];
  return all.filter((link): link is { label: string; href: string } => link.href !== undefined);
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
  social: socialLinks(env),
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
