import { COURSE_CATEGORIES, isCourseCategory } from "@/lib/platform/constants";
import { listCoursesByCategory } from "@/lib/courses/queries";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/** Cached like the pages that show the same catalogue. */
export const revalidate = 300;

export function generateStaticParams() {
  return COURSE_CATEGORIES.map((category) => ({ category }));
}

/** SPEC 7: GET {api}/api/v1/courses/category/{category} answers data.courses with id and title. */
export async function GET(_request: Request, context: { params: Promise<{ category: string }> }) {
  const { category } = await context.params;
  if (!isCourseCategory(category)) {
    return jsonMessage(404, `Unknown course category '${category.slice(0, 40)}'. Use one of: ${COURSE_CATEGORIES.join(", ")}.`);
  }
  try {
    const courses = await listCoursesByCategory(category);
    return Response.json({ ok: true, data: { category, courses } });
  } catch (error) {
    return errorResponse(error, "courses");
  }
}
