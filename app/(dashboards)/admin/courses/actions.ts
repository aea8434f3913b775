"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { createCourse, setCoursePublished, updateCourse } from "@/lib/courses/admin";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { decideProposal } from "@/lib/teachers/course-proposals";

/**
 * The pages and the API that show the catalogue, cached for 300 s: refreshed at their next visit.
 * revalidatePath matches the route file, so a pattern keeps its route group ("/(marketing)/...");
 * the API is a route, not a page, and is reached through its segment's layout tag.
 */
function revalidateCatalogue() {
  revalidatePath("/");
  revalidatePath("/courses");
  revalidatePath("/(marketing)/courses/category/[category]", "page");
  revalidatePath("/(marketing)/[joinSlug]", "page");
  revalidatePath("/book-free-demo");
  revalidatePath("/(marketing)/book-free-demo/[grade]", "page");
  revalidatePath("/api/v1/courses/category/[category]", "layout");
  revalidatePath("/admin/courses");
  // The course pages themselves (title, description, shown at all) expire by course.changed's reaction (lib/reactions/table.ts).
}

/** The course form's create (react-hook-form sends its values; the service parses them again). */
export async function createCourseAction(values: unknown): Promise<ActionResult> {
  return runAction("admin.courses.create", async () => {
    const actor = await requireActor("courses.manage");
    const course = await createCourse(actor, values);
    revalidateCatalogue();
    return `Course '${course.slug}' created.`;
  });
}

export async function updateCourseAction(id: number, values: unknown): Promise<ActionResult> {
  return runAction("admin.courses.update", async () => {
    const actor = await requireActor("courses.manage");
    const course = await updateCourse(actor, id, values);
    revalidateCatalogue();
    revalidatePath(`/admin/courses/${course.id}`);
    return `Course '${course.slug}' saved.`;
  });
}

/** The catalogue list's publish / unpublish button. */
export async function setCoursePublishedAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.courses.publish", async () => {
    const actor = await requireActor("courses.manage");
    const published = formData.get("published") === "true";
    const course = await setCoursePublished(actor, Number(formData.get("id")), published);
    revalidateCatalogue();
    return published ? `Course '${course.slug}' is published.` : `Course '${course.slug}' is hidden from the site.`;
  });
}

/** Issue 38: accept a teacher's proposed course into the catalogue, or return it with a note. */
export async function decideProposalAction(data: FormData): Promise<ActionResult> {
  return runAction("admin.courses.proposal", async () => {
    const { message, slug } = await decideProposal(await requireActor("courses.manage"), formObject(data));
    if (slug) revalidateCatalogue();
    revalidatePath("/admin/courses");
    revalidatePath("/teacher/courses");
    return message;
  });
}
