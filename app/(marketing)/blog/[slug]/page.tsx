import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";

import { DemoCta } from "@/components/marketing/demo-cta";
import { JsonLd } from "@/components/ui/json-ld";
import { Prose } from "@/components/ui/prose";
import { blogPostingJsonLd } from "@/lib/blog/json-ld";
import { formatPostDate, getPost, listPosts } from "@/lib/blog/posts";
import { renderMarkdown } from "@/lib/blog/render";
import { pageMetadata } from "@/lib/platform/seo";

// Every post is built ahead from content/blog; any other slug is a 404.
export const dynamicParams = false;

export async function generateStaticParams() {
  return (await listPosts()).map((post) => ({ slug: post.slug }));
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props) {
  const post = await getPost((await params).slug);
  if (!post) return {};
  const metadata = pageMetadata({ title: post.title, description: post.description, path: `/blog/${post.slug}` });
  return {
    ...metadata,
    openGraph: { ...metadata.openGraph, type: "article" as const, publishedTime: post.date, authors: [post.author] },
  };
}

export default async function BlogPostPage({ params }: Props) {
  const post = await getPost((await params).slug);
  if (!post) notFound();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm">
        <IntentLink href="/blog" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          All articles
        </IntentLink>
      </p>
      <article className="mt-4">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-slate-700">
            <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.author} · {post.readingMinutes} min read
          </p>
          <p className="mt-4 text-lg leading-8 text-slate-700">{post.description}</p>
        </header>
        <Prose className="mt-8 border-t border-slate-200 pt-8">{renderMarkdown(post.blocks)}</Prose>
      </article>
      <DemoCta>
        <p>See how your child gets on in a live, one-on-one lesson. It is free, and there is no obligation to enroll.</p>
      </DemoCta>
      <JsonLd data={blogPostingJsonLd(post)} />
    </div>
  );
}
