import "server-only";

import { Lexer, type MarkedToken, type Token } from "marked";

/**
 * Blog posts are CommonMark + GFM, parsed by marked's lexer and reduced to a small
 * tree of what a post may contain. Nothing becomes HTML: render.tsx turns the tree
 * into React elements (React escapes every text node), raw HTML in a post stays
 * visible text, and links are checked again when rendered.
 */

export type Inline =
  | { type: "text"; value: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "code"; value: string }
  | { type: "break" }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: 2 | 3; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  /** A tight list's items show their text bare; a loose one's as paragraphs (as CommonMark renders them). */
  | { type: "list"; ordered: boolean; start: number; loose: boolean; items: Block[][] }
  | { type: "blockquote"; children: Block[] }
  | { type: "code"; value: string }
  | { type: "rule" };

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

/** The body of a post as a tree. `#` headings become h2 (the page title is the only h1); `###` and deeper, h3. */
export function parseMarkdown(body: string): Block[] {
  return toBlocks(Lexer.lex(body, { gfm: true }));
}

function toBlocks(tokens: Token[]): Block[] {
  return tokens.flatMap((token): Block[] => {
    const t = token as MarkedToken;
    switch (t.type) {
      case "heading":
        return [{ type: "heading", level: t.depth <= 2 ? 2 : 3, children: toInlines(t.tokens) }];
      case "paragraph":
        return [{ type: "paragraph", children: toInlines(t.tokens) }];
      // A tight list item's text: its inline tokens, or its own text when it has none.
      case "text":
        return [{ type: "paragraph", children: t.tokens ? toInlines(t.tokens) : [{ type: "text", value: t.text }] }];
      case "list":
        return [
          {
            type: "list",
            ordered: t.ordered,
            start: typeof t.start === "number" ? t.start : 1,
            loose: t.loose,
            items: t.items.map((item) => toBlocks(item.tokens)),
          },
        ];
      case "blockquote":
        return [{ type: "blockquote", children: toBlocks(t.tokens) }];
      case "code":
        return [{ type: "code", value: t.text }];
      case "hr":
        return [{ type: "rule" }];
      case "space":
      case "def":
      case "checkbox":
        return [];
      default: {
        // Raw HTML, tables and anything newer: shown as the text the author wrote, never as markup.
        const text = token.raw.trim();
        return text ? [{ type: "paragraph", children: [{ type: "text", value: text }] }] : [];
      }
    }
  });
}

function toInlines(tokens: Token[]): Inline[] {
  return tokens.flatMap((token): Inline[] => {
    const t = token as MarkedToken;
    switch (t.type) {
      case "text":
      case "escape":
      case "html":
        return [{ type: "text", value: t.text }];
      case "strong":
      case "em":
        return [{ type: t.type, children: toInlines(t.tokens) }];
      case "codespan":
        return [{ type: "code", value: t.text }];
      case "br":
        return [{ type: "break" }];
      case "link":
        return [{ type: "link", href: t.href, children: toInlines(t.tokens) }];
      default:
        // Images show their alt text, strikethrough its text; anything else, what was written.
        return "tokens" in t && Array.isArray(t.tokens) ? toInlines(t.tokens) : [{ type: "text", value: token.raw }];
    }
  });
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

/** Fills placeholders after parsing, so a configured value is always literal text, never markdown. */
export function fillBlockPlaceholders(blocks: Block[], values: Record<string, string>): Block[] {
  const fillInline = (node: Inline): Inline => {
    switch (node.type) {
      case "text":
      case "code":
        return { ...node, value: fillPlaceholders(node.value, values) };
      case "break":
        return node;
      case "link":
        return { ...node, href: fillPlaceholders(node.href, values), children: node.children.map(fillInline) };
      default:
        return { ...node, children: node.children.map(fillInline) };
    }
  };
  const fillBlock = (block: Block): Block => {
    switch (block.type) {
      case "code":
        return { ...block, value: fillPlaceholders(block.value, values) };
      case "rule":
        return block;
      case "list":
        return { ...block, items: block.items.map((item) => item.map(fillBlock)) };
      case "blockquote":
        return { ...block, children: block.children.map(fillBlock) };
      default:
        return { ...block, children: block.children.map(fillInline) };
    }
  };
  return blocks.map(fillBlock);
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
  const inlineText = (nodes: Inline[]): string =>
    nodes
      .map((n) => {
        if (n.type === "text" || n.type === "code") return n.value;
        if (n.type === "break") return "\n";
        return inlineText(n.children);
      })
      .join("");
  const blockText = (block: Block): string => {
    switch (block.type) {
      case "code":
        return block.value;
      case "rule":
        return "";
      case "list":
        return block.items.map((item) => item.map(blockText).join("\n")).join("\n");
      case "blockquote":
        return block.children.map(blockText).join("\n\n");
      default:
        return inlineText(block.children);
    }
  };
  return blocks.map(blockText).join("\n\n");
}
