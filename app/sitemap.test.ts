import { eq } from "drizzle-orm";

import { brand, brandRoutes } from "@/lib/platform/brand";
import { listPosts } from "@/lib/blog/posts";
import { COURSE_CATEGORIES } from "@/lib/platform/constants";

import { listPublishedCourseSlugs } from "@/lib/scheduling/course-page";
import { teacherProfiles } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { newTeacher } from "@/test/scheduling-fixtures";

import robots from "./robots";
import sitemap from "./sitemap";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe("sitemap.xml", () => {
  it("lists the public pages, every category, grades 1 to 12, the join page and every blog post", async () => {
    const urls = (await sitemap()).map((entry) => entry.url.replace(brand.siteUrl, "") || "/");
    expect(urls).toEqual(expect.arrayContaining(["/", "/courses", "/book-free-demo", brandRoutes.join, "/contact", "/blog"]));
    expect(urls).toEqual(expect.arrayContaining(["/privacy-policy", "/terms-of-service", "/gift-a-course"]));
    // Guarded (SPEC 4): signed-out crawlers are redirected, so it is not listed.
    expect(urls).not.toContain("/become-a-teacher");
    for (const category of COURSE_CATEGORIES) expect(urls).toContain(`/courses/category/${category}`);
    for (let grade = 1; grade <= 12; grade += 1) expect(urls).toContain(`/book-free-demo/${grade}`);
    for (const post of await listPosts()) expect(urls).toContain(`/blog/${post.slug}`);
    // Every published course's page.
    const slugs = await listPublishedCourseSlugs();
    expect(slugs).toContain("python-for-young-coders");
    for (const slug of slugs) expect(urls).toContain(`/courses/${slug}`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("lists the approved teachers' pages, and no other teacher's (issue 29)", async () => {
    const approved = await newTeacher(database.db, "UTC", []);
    const pending = await newTeacher(database.db, "UTC", [], false);
    const slugOf = async (userId: number) =>
      (await database.db.select({ slug: teacherProfiles.slug }).from(teacherProfiles).where(eq(teacherProfiles.userId, userId)))[0]!.slug;
    const urls = (await sitemap()).map((entry) => entry.url.replace(brand.siteUrl, ""));
    expect(urls).toContain(`/teachers/${await slugOf(approved)}`);
    expect(urls).not.toContain(`/teachers/${await slugOf(pending)}`);
  });

  it("lists no page that robots.txt disallows", async () => {
    const rules = robots().rules;
    const disallowed = [rules].flat().flatMap((rule) => [rule.disallow ?? []].flat());
    expect(disallowed.length).toBeGreaterThan(0);
    const paths = (await sitemap()).map((entry) => entry.url.replace(brand.siteUrl, ""));
    for (const path of paths) {
      expect(disallowed.some((blocked) => path.startsWith(blocked))).toBe(false);
    }
  });
});

describe("robots.txt", () => {
  it("allows the site, keeps private areas out and points at the sitemap", () => {
    expect(robots()).toEqual({
      rules: {
        userAgent: "*",
        allow: "/",
        disallow: ["/api/", "/user/", "/my-courses", "/cart", "/admin/", "/teacher/dashboard", "/support/", "/deleteaccount"],
      },
      sitemap: `${brand.siteUrl}/sitemap.xml`,
    });
  });
});
