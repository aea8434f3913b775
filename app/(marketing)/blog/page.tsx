import { IntentLink } from "@/components/ui/intent-link";

import { DemoCta } from "@/components/marketing/demo-cta";
import { PageIntro } from "@/components/marketing/page-intro";
import { brand } from "@/lib/platform/brand";
import { formatPostDate, listPosts } from "@/lib/blog/posts";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "Blog",
  description: `Practical articles from the ${brand.name} team for parents: choosing courses, supporting practice at home and getting the most from live classes.`,
  path: "/blog",
});

export default async function BlogIndexPage() {
  const posts = await listPosts();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Blog" title={`The ${brand.name} blog`}>
        <p>Practical ideas for parents: choosing the right course, supporting learning at home and what to expect from live classes.</p>
      </PageIntro>

      <ul className="mt-10 divide-y divide-slate-200 border-y border-slate-200">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="py-8">
              <h2 className="text-2xl font-bold text-slate-900">
                <IntentLink href={`/blog/${post.slug}`} className="underline-offset-4 hover:text-brand-700 hover:underline">
                  {post.title}
                </IntentLink>
              </h2>
              <p className="mt-2 text-sm text-slate-700">
                <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author} · {post.readingMinutes} min read
              </p>
              <p className="mt-3 text-slate-700">{post.description}</p>
            </article>
          </li>
        ))}
      </ul>

      <DemoCta>
        <p>Reading about classes is one thing; trying one is better. Book a free, live demo class with one of our teachers.</p>
      </DemoCta>
    </div>
  );
}
