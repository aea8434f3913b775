import "server-only";

/**
 * A deliberately tiny markdown dialect for blog posts: frontmatter, `##`/`###`
 * headings, paragraphs, bullet and numbered lists, **bold** and [links](url).
 * It produces a small tree, not HTML, so nothing in a post can inject markup:
 * React escapes every text node, and links are checked again when rendered.
 */

export type Inline =
  | { type: "text"; value: string }
  | { type: "strong"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 2 | 3; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] };

export interface Frontmatter {
  data: Record<string, string>;
  body: string;
}

/** Splits `---`-fenced `key: value` lines from the body. A file without a fence has no data. */
export function parseFrontmatter(source: string): Frontmatter {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? "").split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!field) throw new Error(`Invalid frontmatter line: "${line}"`);
    data[field[1] as string] = unquote((field[2] ?? "").trim());
  }
  return { data, body: text.slice(match[0].length) };
}

function unquote(value: string): string {
  const first = value.charAt(0);
  if ((first === '"' || first === "'") && value.length >= 2 && value.endsWith(first)) return value.slice(1, -1);
  return value;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * Block structure, line by line. A blank line ends a paragraph or list; an
 * indented line continues the list item above it. `#` headings become `##`
 * (the page title is the only h1) and `####` and deeper become `###`.
 */
export function parseMarkdown(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    if (list) blocks.push({ type: "list", ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    paragraph = [];
    list = null;
  };

  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    if (line.trim() === "") {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] ?? "").length <= 2 ? 2 : 3;
      blocks.push({ type: "heading", level, children: parseInline(heading[2] ?? "") });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((item[1] ?? "").trim());
      continue;
    }
    if (list && /^\s/.test(line)) {
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last] ?? ""} ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** `**bold**` and `[text](href)`; an unclosed marker stays literal text. Links do not nest. */
export function parseInline(text: string, allowLinks = true): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const pushText = () => {
    if (buffer) out.push({ type: "text", value: buffer });
    buffer = "";
  };
  let i = 0;
  while (i < text.length) {
    if (text.startsWith("**", i)) {
      const end = text.indexOf("**", i + 2);
      if (end > i + 2) {
        pushText();
        out.push({ type: "strong", children: parseInline(text.slice(i + 2, end), allowLinks) });
        i = end + 2;
        continue;
      }
    }
    if (allowLinks && text[i] === "[") {
      const middle = text.indexOf("](", i + 1);
      const end = middle === -1 ? -1 : text.indexOf(")", middle + 2);
      if (middle > i + 1 && end > middle + 2) {
        pushText();
        out.push({ type: "link", href: text.slice(middle + 2, end).trim(), children: parseInline(text.slice(i + 1, middle), false) });
        i = end + 1;
        continue;
      }
    }
    buffer += text[i];
    i += 1;
  }
  pushText();
  return out;
}

/**
 * Replaces `{{key}}` in text and link targets, so posts can name the brand and
 * its contacts from configuration. An unknown key is a mistake in a post, so it throws.
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z]\w*)\s*\}\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Unknown placeholder {{${key}}}`);
    return value;
  });
}

export function fillBlockPlaceholders(blocks: Block[], values: Record<string, string>): Block[] {
  const fillInline = (nodes: Inline[]): Inline[] =>
    nodes.map((node) => {
      if (node.type === "text") return { ...node, value: fillPlaceholders(node.value, values) };
      if (node.type === "strong") return { ...node, children: fillInline(node.children) };
      return { ...node, href: fillPlaceholders(node.href, values), children: fillInline(node.children) };
    });
  return blocks.map((block) =>
    block.type === "list" ? { ...block, items: block.items.map(fillInline) } : { ...block, children: fillInline(block.children) },
  );
}

/** Site paths, fragments, http(s), mailto and tel. Anything else (javascript:, data:, //host) is refused. */
export function isSafeHref(href: string): boolean {
  if (href.startsWith("#")) return true;
  if (href.startsWith("/")) return !href.startsWith("//") && !href.startsWith("/\\");
  try {
    return ["http:", "https:", "mailto:", "tel:"].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

/** Plain text of a tree, for word counts and summaries. */
export function toPlainText(blocks: Block[]): string {
  const inlineText = (nodes: Inline[]): string => nodes.map((n) => (n.type === "text" ? n.value : inlineText(n.children))).join("");
  return blocks
    .map((block) => (block.type === "list" ? block.items.map(inlineText).join("\n") : inlineText(block.children)))
    .join("\n\n");
}
