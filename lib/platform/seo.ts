import type { Metadata } from "next";

import { brand } from "@/lib/platform/brand";

/** Title, description and canonical URL for a public page (one place for the SEO rule). */
export function pageMetadata(options: { title: string; description: string; path: string }): Metadata {
  return {
    title: options.title,
    description: options.description,
    alternates: { canonical: options.path },
    openGraph: {
      title: `${options.title} | ${brand.name}`,
      description: options.description,
      url: options.path,
      siteName: brand.name,
      type: "website",
    },
  };
}

/** schema.org data as a script tag's content; `<` is escaped so no string can close the tag. */
export function jsonLd(data: Record<string, unknown>): string {
  return JSON.stringify({ "@context": "https://schema.org", ...data }).replace(/</g, "\\u003c");
}

export function organizationJsonLd(): string {
  return jsonLd({
    "@type": "EducationalOrganization",
    name: brand.name,
    url: brand.siteUrl,
    email: brand.supportEmail,
    telephone: brand.supportPhone,
    address: { "@type": "PostalAddress", streetAddress: brand.address, addressCountry: "US" },
    sameAs: brand.social.map((s) => s.href),
  });
}
