import { brand } from "@/lib/platform/brand";
import { jsonLd } from "@/lib/platform/seo";

import type { TeacherPage } from "./teacher-page";

/** schema.org Person for /teachers/{slug}: a teacher of the brand's classes, with what they teach. */
export function teacherJsonLd(teacher: Pick<TeacherPage, "name" | "bio" | "slug" | "subjects" | "photoUrl">): string {
  return jsonLd({
    "@type": "Person",
    name: teacher.name,
    url: `${brand.siteUrl}/teachers/${teacher.slug}`,
    jobTitle: "Teacher",
    ...(teacher.bio ? { description: teacher.bio } : {}),
    ...(teacher.subjects.length > 0 ? { knowsAbout: teacher.subjects } : {}),
    ...(teacher.photoUrl ? { image: teacher.photoUrl } : {}),
    worksFor: { "@type": "Organization", name: brand.name, sameAs: brand.siteUrl },
  });
}
