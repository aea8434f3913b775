import "server-only";

import Link from "next/link";
import { Fragment, type ReactNode } from "react";

import { isSafeHref, type Block, type Inline } from "./markdown";

/**
 * Turns the parsed tree into plain semantic elements (styling comes from the
 * page's prose wrapper). Text is rendered as React text, so it is escaped; a
 * link whose target is not safe is rendered as its text alone.
 */
export function renderMarkdown(blocks: Block[]): ReactNode {
  return blocks.map((block, index) => renderBlock(block, index, false));
}

/** `bare`: a paragraph inside a tight list item shows as its text, without a <p>. */
function renderBlock(block: Block, key: number, bare: boolean): ReactNode {
  switch (block.type) {
    case "heading":
      return block.level === 2 ? <h2 key={key}>{renderInline(block.children)}</h2> : <h3 key={key}>{renderInline(block.children)}</h3>;
    case "paragraph":
      return bare ? <Fragment key={key}>{renderInline(block.children)}</Fragment> : <p key={key}>{renderInline(block.children)}</p>;
    case "list": {
      const items = block.items.map((item, i) => <li key={i}>{item.map((child, j) => renderBlock(child, j, !block.loose))}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case "blockquote":
      return <blockquote key={key}>{block.children.map((child, i) => renderBlock(child, i, false))}</blockquote>;
    case "code":
      return (
        <pre key={key}>
          <code>{block.value}</code>
        </pre>
      );
    case "rule":
      return <hr key={key} />;
  }
}

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.value;
      case "strong":
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
      case "code":
        return <code key={index}>{node.value}</code>;
      case "break":
        return <br key={index} />;
      case "link":
        return renderLink(node.href, renderInline(node.children), index);
    }
  });
}

function renderLink(href: string, children: ReactNode, key: number): ReactNode {
  if (!isSafeHref(href)) return <span key={key}>{children}</span>;
  if (href.startsWith("/")) {
    return (
      <Link key={key} href={href}>
        {children}
      </Link>
    );
  }
  const isWeb = /^https?:/i.test(href);
  return (
    <a key={key} href={href} rel={isWeb ? "noopener noreferrer" : undefined}>
      {children}
    </a>
  );
}
