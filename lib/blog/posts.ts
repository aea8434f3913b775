import "server-only";

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { z } from "zod";

import { brand } from "@/lib/platform/brand";

import { fillBlockPlaceholders, fillPlaceholders, parseFrontmatter, parseMarkdown, toPlainText, type Block } from "./markdown";

/** Posts are markdown files in content/blog; the file name (without .md) is the slug. */
export const BLOG_DIR = path.join(process.cwd(), "content", "blog");

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WORDS_PER_MINUTE = 200;

const frontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: z.iso.date(),
  author: z.string().min(1),
});

export interface PostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  author: string;
  readingMinutes: number;
}

export interface Post extends PostSummary {
  blocks: Block[];
}

/** What `{{key}}` in a post may name: the brand and its contacts, all from configuration. */
function placeholderValues(): Record<string, string> {
  return {
    name: brand.name,
    supportEmail: brand.supportEmail,
    supportPhone: brand.supportPhone,
    supportPhoneHref: brand.supportPhoneHref,
  };
}

/** Parses one post file; a post with bad frontmatter is a bug and fails loudly, naming the file. */
export function parsePost(slug: string, source: string, values: Record<string, string> = placeholderValues()): Post {
  const { data, body } = parseFrontmatter(source);
  const result = frontmatterSchema.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Blog post "${slug}" has invalid frontmatter: ${fields}`);
  }
  const blocks = fillBlockPlaceholders(parseMarkdown(body), values);
  const words = toPlainText(blocks).split(/\s+/).filter(Boolean).length;
  return {
    slug,
    title: fillPlaceholders(result.data.title, values),
    description: fillPlaceholders(result.data.description, values),
    date: result.data.date,
    author: fillPlaceholders(result.data.author, values),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    blocks,
  };
}

async function listSlugs(dir: string): Promise<string[]> {
  const files = await readdir(dir);
  return files
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .filter((slug) => SLUG.test(slug));
}

async function readPost(slug: string, dir: string): Promise<Post> {
  return parsePost(slug, await readFile(path.join(dir, `${slug}.md`), "utf8"));
}

/** Every post, newest first, without bodies. */
export async function listPosts(dir: string = BLOG_DIR): Promise<PostSummary[]> {
  const posts = await Promise.all((await listSlugs(dir)).map((slug) => readPost(slug, dir)));
  return posts
    .map(({ blocks: _blocks, ...summary }) => summary)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** One post, or null when no file has that slug (the slug is checked before it touches a path). */
export async function getPost(slug: string, dir: string = BLOG_DIR): Promise<Post | null> {
  if (!SLUG.test(slug)) return null;
  if (!(await listSlugs(dir)).includes(slug)) return null;
  return readPost(slug, dir);
}

/** "November 3, 2026": the date as written, whatever the server's time zone. */
export function formatPostDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" });
}
