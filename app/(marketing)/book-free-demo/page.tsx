import { readDemoFormAccount, timePicker } from "@/app/(marketing)/book-free-demo/time-picker";
import { DemoBooking } from "@/components/marketing/demo-booking";
import { pageMetadata } from "@/lib/platform/seo";

export const revalidate = 300;

export const metadata = pageMetadata({
  title: "Book a free demo class",
  description:
    "Book a free live demo class for your child in coding, maths, languages, music or life skills. Pick a time that suits you and join online.",
  path: "/book-free-demo",
});

export default function BookFreeDemoPage() {
  return <DemoBooking sourcePage="/book-free-demo" timePicker={timePicker} readAccount={readDemoFormAccount} />;
}
