import type { MetadataRoute } from "next";

import { listPosts } from "@/lib/blog/posts";
import { listPublicTeacherSlugs } from "@/lib/discovery/teacher-page";
import { brand, brandRoutes } from "@/lib/platform/brand";
import { COURSE_CATEGORIES, GRADES } from "@/lib/platform/constants";
import { listPublishedCourseSlugs } from "@/lib/scheduling/course-page";

/**
 * Every public, indexable page. Signed-in areas, the cart and /asa (which the
 * route guard sends signed-out visitors away from) are left out on purpose.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const url = (path: string) => `${brand.siteUrl}${path === "/" ? "" : path}`;
  const pages: MetadataRoute.Sitemap = [
    { url: url("/"), changeFrequency: "weekly", priority: 1 },
    { url: url("/courses"), changeFrequency: "weekly", priority: 0.9 },
    ...COURSE_CATEGORIES.map((category) => ({
      url: url(`/courses/category/${category}`),
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
    { url: url("/book-free-demo"), changeFrequency: "monthly", priority: 0.9 },
    ...GRADES.map((grade) => ({ url: url(`/book-free-demo/${grade}`), changeFrequency: "monthly" as const, priority: 0.7 })),
    { url: url(brandRoutes.join), changeFrequency: "monthly", priority: 0.7 },
    { url: url("/contact"), changeFrequency: "yearly", priority: 0.5 },
    { url: url("/blog"), changeFrequency: "weekly", priority: 0.6 },
    { url: url("/gift-a-course"), changeFrequency: "yearly", priority: 0.4 },
    { url: url("/privacy-policy"), changeFrequency: "yearly", priority: 0.2 },
    { url: url("/terms-of-service"), changeFrequency: "yearly", priority: 0.2 },
  ];
  const posts = (await listPosts()).map((post) => ({
    url: url(`/blog/${post.slug}`),
    lastModified: post.date,
    changeFrequency: "yearly" as const,
    priority: 0.5,
  }));
  const coursePages = (await listPublishedCourseSlugs()).map((slug) => ({
    url: url(`/courses/${slug}`),
    changeFrequency: "weekly" as const,
    priority: 0.8,
  }));
  // Issue 29: the approved teachers' pages.
  const teacherPages = (await listPublicTeacherSlugs()).map((slug) => ({
    url: url(`/teachers/${slug}`),
    changeFrequency: "weekly" as const,
    priority: 0.6,
  }));
  return [...pages, ...coursePages, ...teacherPages, ...posts];
}
