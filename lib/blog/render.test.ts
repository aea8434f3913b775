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

describe("renderMarkdown: what marked adds", () => {
  it("renders # as h2 and deeper headings as h3, so the page title stays the only h1", () => {
    expect(html("# One\n\n#### Four")).toBe("<h2>One</h2><h3>Four</h3>");
  });

  it("renders italic, inline code, blockquotes, code blocks and rules", () => {
    expect(html("An *easy* `start`.\n\n> A **quote**\n\n```\nlet x = 1 < 2;\n```\n\n---")).toBe(
      "<p>An <em>easy</em> <code>start</code>.</p><blockquote><p>A <strong>quote</strong></p></blockquote><pre><code>let x = 1 &lt; 2;</code></pre><hr/>",
    );
  });

  it("renders nested lists inside their item, loose items as paragraphs, and a numbered list's start", () => {
    expect(html("- parent\n  - child\n\n3. three\n\n4. four")).toBe(
      '<ul><li>parent<ul><li>child</li></ul></li></ul><ol start="3"><li><p>three</p></li><li><p>four</p></li></ol>',
    );
  });

  it("renders raw HTML blocks and tags as visible text, never as elements", () => {
    const out = html('<script>alert(1)</script>\n\n<div onclick="x()">hi</div>\n\nA <b>tag</b> and <img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<(script|div|b|img)[\s>]/);
    expect(out).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(out).toContain("<p>A &lt;b&gt;tag&lt;/b&gt; and &lt;img src=x onerror=alert(1)&gt;</p>");
  });

  it("renders protocol-relative, reference and autolinked unsafe targets as text only", () => {
    const out = html("[a](//evil.example) [b][bad] [c](/\\evil.example) <javascript:alert(1)>\n\n[bad]: javascript:alert(1)");
    expect(out).not.toContain("<a");
    expect(out).toContain("<span>a</span>");
    expect(out).toContain("<span>b</span>");
  });

  it("links bare web addresses and emails", () => {
    expect(html("Visit https://example.com or help@example.com")).toBe(
      '<p>Visit <a href="https://example.com" rel="noopener noreferrer">https://example.com</a> or <a href="mailto:help@example.com">help@example.com</a></p>',
    );
  });
});
