"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { proposeCourse } from "@/lib/teachers/course-proposals";
import { stopTeachingCourse, teachCourse } from "@/lib/teachers/course-teaching";

const PATH = "/teacher/courses";

// A server action is a public endpoint: it checks the session and role itself (STYLE).
export async function teachCourseAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher.course.teach", async () => {
    const title = await teachCourse(await requireActor("availability.manage"), formObject(data));
    revalidatePath(PATH);
    revalidatePath("/teacher/sections/new");
    return `You teach ${title} now: add a section of it on Your sections.`;
  });
}

export async function stopTeachingCourseAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher.course.stop", async () => {
    await stopTeachingCourse(await requireActor("availability.manage"), formObject(data));
    revalidatePath(PATH);
    return "The course is off your list.";
  });
}

export async function proposeCourseAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher.course.propose", async () => {
    const message = await proposeCourse(await requireActor("availability.manage"), formObject(data));
    revalidatePath(PATH);
    revalidatePath("/admin/courses");
    return message;
  });
}
