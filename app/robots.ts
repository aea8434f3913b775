import type { MetadataRoute } from "next";

import { brand } from "@/lib/platform/brand";

/** Private areas: accounts, dashboards, the cart and the API. Crawlers never need them. */
const DISALLOWED_PATHS = ["/api/", "/user/", "/my-courses", "/cart", "/admin/", "/teacher/dashboard", "/support/", "/deleteaccount"];

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: DISALLOWED_PATHS },
    sitemap: `${brand.siteUrl}/sitemap.xml`,
  };
}
