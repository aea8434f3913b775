import "server-only";

import { brand } from "@/lib/platform/brand";
import { jsonLd } from "@/lib/platform/seo";

import type { PostSummary } from "./posts";

/** schema.org BlogPosting for a post page. */
export function blogPostingJsonLd(post: PostSummary): string {
  const url = `${brand.siteUrl}/blog/${post.slug}`;
  return jsonLd({
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    // Posts signed by the team rather than a person are credited to the organisation.
    author: { "@type": post.author.includes(brand.name) ? "Organization" : "Person", name: post.author },
    publisher: { "@type": "Organization", name: brand.name, url: brand.siteUrl },
    inLanguage: "en-US",
  });
}
