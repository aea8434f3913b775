import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { brand } from "@/lib/platform/brand";

import { formatPostDate, getPost, listPosts, parsePost } from "./posts";

const header = (fields: Record<string, string>) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n")}\n---\n`;

describe("blog posts (content/blog)", () => {
  it("lists every published post, newest first, with valid frontmatter", async () => {
    const posts = await listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of posts) {
      expect(`${post.title} ${post.description} ${post.author}`).not.toMatch(/\{\{|\}\}/);
      expect(post.readingMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  it("loads a post by slug with its body and fills the brand from configuration", async () => {
    const post = await getPost("how-a-free-demo-class-works");
    expect(post?.title).toBe("What happens in a free demo class");
    expect(JSON.stringify(post?.blocks)).toContain(brand.name);
    expect(JSON.stringify(post?.blocks)).toContain(`mailto:${brand.supportEmail}`);
    expect(JSON.stringify(post?.blocks)).not.toContain("{{");
  });

  it("answers null for an unknown slug and for anything that is not a slug", async () => {
    await expect(getPost("no-such-post")).resolves.toBeNull();
    await expect(getPost("../package")).resolves.toBeNull();
    await expect(getPost("How-A-Free-Demo-Class-Works")).resolves.toBeNull();
  });
});

describe("parsePost", () => {
  const valid = { title: "T", description: "D", date: "2026-11-03", author: "{{name}} team" };

  it("fills placeholders in frontmatter and counts reading time", () => {
    const post = parsePost("t", header(valid) + "word ".repeat(450), { name: "Acme" });
    expect(post).toMatchObject({ slug: "t", author: "Acme team", readingMinutes: 2 });
  });

  it.each([
    ["a missing field", { title: "T", description: "D", date: "2026-11-03" }, /author/],
    ["a date that is not YYYY-MM-DD", { ...valid, date: "November 3" }, /date/],
    ["an empty title", { ...valid, title: '""' }, /title/],
  ])("fails loudly, naming the file, on %s", (_, fields, field) => {
    expect(() => parsePost("bad-post", header(fields) + "Body", { name: "Acme" })).toThrow(/bad-post/);
    expect(() => parsePost("bad-post", header(fields) + "Body", { name: "Acme" })).toThrow(field);
  });
});

describe("listPosts in a directory", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "blog-"));
    await writeFile(path.join(dir, "older.md"), header({ title: "Older", description: "D", date: "2026-01-01", author: "A" }));
    await writeFile(path.join(dir, "newer.md"), header({ title: "Newer", description: "D", date: "2026-02-01", author: "A" }));
    await writeFile(path.join(dir, "notes.txt"), "not a post");
    await writeFile(path.join(dir, "Bad Name.md"), header({ title: "X", description: "D", date: "2026-03-01", author: "A" }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("reads only .md files with slug-shaped names, newest first, without bodies", async () => {
    const posts = await listPosts(dir);
    expect(posts.map((p) => p.slug)).toEqual(["newer", "older"]);
    expect(posts[0]).not.toHaveProperty("blocks");
  });
});

it("formatPostDate writes the date as written, in any server time zone", () => {
  expect(formatPostDate("2026-11-01")).toBe("November 1, 2026");
});
