import { readDemoFormAccount, timePicker } from "@/app/(marketing)/book-free-demo/time-picker";
import { notFound } from "next/navigation";

import { DemoBooking } from "@/components/marketing/demo-booking";
import { GRADES, isGrade } from "@/lib/platform/constants";
import { pageMetadata } from "@/lib/platform/seo";

export const revalidate = 300;
// SPEC 2 and 9: grades 1 to 12; anything else is a 404.
export const dynamicParams = false;

export function generateStaticParams() {
  return GRADES.map((grade) => ({ grade: String(grade) }));
}

type Props = { params: Promise<{ grade: string }> };

function parseGrade(value: string): number | null {
  const grade = Number(value);
  return /^\d{1,2}$/.test(value) && isGrade(grade) ? grade : null;
}

export async function generateMetadata({ params }: Props) {
  const grade = parseGrade((await params).grade);
  if (grade === null) return {};
  return pageMetadata({
    title: `Free demo class for Grade ${grade}`,
    description: `Book a free live demo class for a Grade ${grade} student: coding, maths, languages, music and more, one-on-one or in small groups.`,
    path: `/book-free-demo/${grade}`,
  });
}

export default async function BookFreeDemoForGradePage({ params }: Props) {
  const grade = parseGrade((await params).grade);
  if (grade === null) notFound();
  return <DemoBooking grade={grade} sourcePage={`/book-free-demo/${grade}`} timePicker={timePicker} readAccount={readDemoFormAccount} />;
}
