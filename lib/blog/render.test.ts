import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment } from "react";

import { parseMarkdown } from "./markdown";
import { renderMarkdown } from "./render";

function html(markdown: string): string {
  return renderToStaticMarkup(createElement(Fragment, null, renderMarkdown(parseMarkdown(markdown))));
}

describe("renderMarkdown", () => {
  it("renders headings, paragraphs, lists and bold as semantic elements", () => {
    expect(html("## Why\n\nA **bold** idea.\n\n### How\n\n- one\n- two\n\n1. first")).toBe(
      "<h2>Why</h2><p>A <strong>bold</strong> idea.</p><h3>How</h3><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>",
    );
  });

  it("renders site, web, mailto and tel links; web links get rel=noopener", () => {
    const out = html("[a](/book-free-demo) [b](https://example.com) [c](mailto:help@example.com) [d](tel:+15550100)");
    expect(out).toContain('<a href="/book-free-demo">a</a>');
    expect(out).toContain('<a href="https://example.com" rel="noopener noreferrer">b</a>');
    expect(out).toContain('<a href="mailto:help@example.com">c</a>');
    expect(out).toContain('<a href="tel:+15550100">d</a>');
  });

  it("escapes HTML in text instead of rendering it", () => {
    expect(html("<script>alert(1)</script> & <b>x</b>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;x&lt;/b&gt;</p>");
  });

  it("renders an unsafe link as its text only", () => {
    const out = html('[click](javascript:alert(1)) [x](data:text/html,hi) [y]("><img src=x onerror=alert(1)>)');
    expect(out).not.toContain("<a");
    expect(out).not.toContain("<img");
    expect(out).toContain("<span>click</span>");
  });
});
