import "server-only";

import Link from "next/link";
import type { ReactNode } from "react";

import { isSafeHref, type Block, type Inline } from "./markdown";

/**
 * Turns the parsed tree into plain semantic elements (styling comes from the
 * page's prose wrapper). Text is rendered as React text, so it is escaped; a
 * link whose target is not safe is rendered as its text alone.
 */
export function renderMarkdown(blocks: Block[]): ReactNode {
  return blocks.map((block, index) => {
    switch (block.type) {
      case "heading":
        return block.level === 2 ? <h2 key={index}>{renderInline(block.children)}</h2> : <h3 key={index}>{renderInline(block.children)}</h3>;
      case "paragraph":
        return <p key={index}>{renderInline(block.children)}</p>;
      case "list": {
        const items = block.items.map((item, i) => <li key={i}>{renderInline(item)}</li>);
        return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
      }
    }
  });
}

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    if (node.type === "text") return node.value;
    if (node.type === "strong") return <strong key={index}>{renderInline(node.children)}</strong>;
    const children = renderInline(node.children);
    if (!isSafeHref(node.href)) return <span key={index}>{children}</span>;
    if (node.href.startsWith("/")) {
      return (
        <Link key={index} href={node.href}>
          {children}
        </Link>
      );
    }
    const isWeb = /^https?:/i.test(node.href);
    return (
      <a key={index} href={node.href} rel={isWeb ? "noopener noreferrer" : undefined}>
        {children}
      </a>
    );
  });
}
