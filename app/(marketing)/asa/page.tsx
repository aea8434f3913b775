import { IntentLink } from "@/components/ui/intent-link";

import { DemoCta } from "@/components/marketing/demo-cta";
import { PageIntro } from "@/components/marketing/page-intro";
import { PageSection } from "@/components/marketing/page-section";
import { Prose } from "@/components/ui/prose";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "After-School Activities",
  description: `${brand.name} After-School Activities: live small-group classes in chess, music, art and coding, scheduled after school hours.`,
  path: "/asa",
});

const activities = [
  {
    title: "Chess",
    text: "From how the pieces move to openings, tactics and friendly games with classmates. Chess builds patience, planning and good sportsmanship.",
    href: "/courses/category/lifestyle",
  },
  {
    title: "Music",
    text: "Piano, guitar, singing and music theory, with small pieces to practice during the week and a chance to play for the group.",
    href: "/courses/category/music",
  },
  {
    title: "Art",
    text: "Drawing, painting and design projects with materials most homes already have. Each session ends with something to show.",
    href: "/courses/category/lifestyle",
  },
  {
    title: "Coding",
    text: "Games, animations and websites, from block-based Scratch for younger children to Python for older ones.",
    href: "/courses/category/technical",
  },
] as const;

export default function AfterSchoolActivitiesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageIntro eyebrow="ASA" title="After-School Activities">
        <p>
          After-School Activities (ASA) are live, small-group classes that fit into the hours after school. Children learn chess, music, art
          or coding with a teacher and a group of children of a similar age, from home and without the drive to a club.
        </p>
      </PageIntro>

      <PageSection id="activities" title="Four activities to choose from" className="mt-12">
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {activities.map((activity) => (
            <li key={activity.title} className="flex flex-col rounded-2xl border border-slate-200 p-6">
              <h3 className="text-lg font-bold text-slate-900">{activity.title}</h3>
              <p className="mt-2 flex-1 text-slate-700">{activity.text}</p>
              <p className="mt-4">
                <IntentLink href={activity.href} className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                  Related courses<span className="sr-only"> for {activity.title.toLowerCase()}</span>
                </IntentLink>
              </p>
            </li>
          ))}
        </ul>
      </PageSection>

      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <Prose>
          <h2>A typical schedule</h2>
          <p>
            Groups meet once or twice a week on weekday afternoons and early evenings, usually starting between 3:30pm and 6:30pm in your
            time zone, so classes fit between the end of school and dinner. A session lasts 45 to 60 minutes, depending on age. Each
            group&apos;s days and times are on its course page, in your time zone, before you pay: you choose the group that fits.
          </p>
          <ul>
            <li>A short warm-up and a recap of last week</li>
            <li>A new skill, taught live and practiced together</li>
            <li>Time to try it alone or in pairs, with the teacher helping</li>
            <li>A moment to share what everyone made or learned</li>
          </ul>
        </Prose>
        <Prose>
          <h2>Why families choose ASA</h2>
          <ul>
            <li>
              <strong>Social, not solitary.</strong> Children learn alongside others of a similar age and grade, with a teacher who makes
              sure everyone takes part.
            </li>
            <li>
              <strong>Structured progress.</strong> Each group follows a plan across the term, so skills build week by week.
            </li>
            <li>
              <strong>Easy on the family calendar.</strong> No travel, and you can see what your child is learning.
            </li>
            <li>
              <strong>A safe setting.</strong> Vetted teachers and clear rules for behavior in class, described in our{" "}
              <IntentLink href="/terms-of-service">Terms of Service</IntentLink>.
            </li>
          </ul>
        </Prose>
      </div>

      <DemoCta title="Find the right group">
        <p>
          Start with a free demo class. The teacher gets to know your child and suggests a level, and our team then finds an after-school
          group at a time that works for you.
        </p>
      </DemoCta>
    </div>
  );
}
