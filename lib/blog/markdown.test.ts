import { fillBlockPlaceholders, fillPlaceholders, isSafeHref, parseFrontmatter, parseMarkdown, toPlainText } from "./markdown";

const text = (value: string) => ({ type: "text", value });

describe("parseFrontmatter", () => {
  it("reads key: value lines between --- fences and returns the rest as the body", () => {
    const { data, body } = parseFrontmatter('---\ntitle: "A: quoted title"\ndate: 2026-11-03\nauthor: Sam\n---\nHello\n');
    expect(data).toEqual({ title: "A: quoted title", date: "2026-11-03", author: "Sam" });
    expect(body).toBe("Hello\n");
  });

  it("accepts Windows line endings and a byte-order mark", () => {
    const { data, body } = parseFrontmatter("\uFEFF---\r\ntitle: T\r\n---\r\nBody");
    expect(data).toEqual({ title: "T" });
    expect(body).toBe("Body");
  });

  it("treats a file without a fence as body only", () => {
    expect(parseFrontmatter("## Just a heading")).toEqual({ data: {}, body: "## Just a heading" });
  });

  it("refuses a line that is not key: value", () => {
    expect(() => parseFrontmatter("---\nnot a field\n---\n")).toThrow(/Invalid frontmatter line/);
  });
});

describe("parseMarkdown (marked's lexer, reduced to the post tree)", () => {
  it("parses headings and paragraphs, keeping wrapped lines in one paragraph", () => {
    expect(parseMarkdown("## Title\n\nFirst line\nsecond line\n\n### Sub")).toEqual([
      { type: "heading", level: 2, children: [text("Title")] },
      { type: "paragraph", children: [text("First line\nsecond line")] },
      { type: "heading", level: 3, children: [text("Sub")] },
    ]);
  });

  it("never produces an h1 (the page title is the only one) and caps depth at h3", () => {
    const levels = parseMarkdown("# One\n\nSetext\n===\n\n#### Four\n\n###### Six").map((b) => (b.type === "heading" ? b.level : null));
    expect(levels).toEqual([2, 2, 3, 3]);
  });

  it("parses bullet and numbered lists, with continuation lines and the number the list starts at", () => {
    expect(parseMarkdown("- one\n- two\n  continued\n\n3. third\n4. fourth")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        loose: false,
        items: [[{ type: "paragraph", children: [text("one")] }], [{ type: "paragraph", children: [text("two\ncontinued")] }]],
      },
      {
        type: "list",
        ordered: true,
        start: 3,
        loose: false,
        items: [[{ type: "paragraph", children: [text("third")] }], [{ type: "paragraph", children: [text("fourth")] }]],
      },
    ]);
  });

  it("nests an indented list inside its item, and marks a list with blank lines between items as loose", () => {
    const [nested] = parseMarkdown("- parent\n  - child");
    expect(nested).toMatchObject({
      type: "list",
      items: [[{ type: "paragraph" }, { type: "list", items: [[{ type: "paragraph", children: [text("child")] }]] }]],
    });
    expect(parseMarkdown("- a\n\n- b")).toMatchObject([
      { type: "list", loose: true, items: [[{ type: "paragraph" }], [{ type: "paragraph" }]] },
    ]);
  });

  it("ends a list at an unindented line after a blank line, which starts a paragraph", () => {
    expect(parseMarkdown("- item\n\nAfter").map((b) => b.type)).toEqual(["list", "paragraph"]);
  });

  it("does not mistake a bold line for a list item", () => {
    expect(parseMarkdown("**Bold** start")[0]).toMatchObject({ type: "paragraph" });
  });

  it("parses bold, italic, inline code and links, with bold inside link text", () => {
    expect(parseMarkdown("Read **this**, *that* and `code` in [the **guide**](/courses).")).toEqual([
      {
        type: "paragraph",
        children: [
          text("Read "),
          { type: "strong", children: [text("this")] },
          text(", "),
          { type: "em", children: [text("that")] },
          text(" and "),
          { type: "code", value: "code" },
          text(" in "),
          { type: "link", href: "/courses", children: [text("the "), { type: "strong", children: [text("guide")] }] },
          text("."),
        ],
      },
    ]);
  });

  it("parses blockquotes, fenced code and rules", () => {
    expect(parseMarkdown("> quoted\n\n```\n<b>as written</b>\n```\n\n---")).toEqual([
      { type: "blockquote", children: [{ type: "paragraph", children: [text("quoted")] }] },
      { type: "code", value: "<b>as written</b>" },
      { type: "rule" },
    ]);
  });

  it("keeps raw HTML as literal text, block and inline, so it can never become markup", () => {
    expect(parseMarkdown("<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> there")).toEqual([
      { type: "paragraph", children: [text("<script>alert(1)</script>")] },
      { type: "paragraph", children: [text("Hi "), text("<img src=x onerror=alert(1)>"), text(" there")] },
    ]);
  });

  it("keeps link targets as written, unsafe ones included (the renderer refuses them)", () => {
    const links = parseMarkdown("[a](javascript:alert(1)) [b](//evil.example) [c][ref]\n\n[ref]: https://example.com").flatMap((block) =>
      block.type === "paragraph" ? block.children.filter((n) => n.type === "link").map((n) => n.href) : [],
    );
    expect(links).toEqual(["javascript:alert(1)", "//evil.example", "https://example.com"]);
  });

  it("turns bare web addresses and emails into links (GFM autolinks)", () => {
    expect(parseMarkdown("See https://example.com or write to help@example.com")).toEqual([
      {
        type: "paragraph",
        children: [
          text("See "),
          { type: "link", href: "https://example.com", children: [text("https://example.com")] },
          text(" or write to "),
          { type: "link", href: "mailto:help@example.com", children: [text("help@example.com")] },
        ],
      },
    ]);
  });

  it("shows an image as its alt text", () => {
    expect(parseMarkdown("![A *cat*](https://example.com/cat.png)")).toEqual([
      { type: "paragraph", children: [text("A "), { type: "em", children: [text("cat")] }] },
    ]);
  });
});

describe("placeholders", () => {
  it("fills {{key}} in text and link targets", () => {
    const blocks = fillBlockPlaceholders(parseMarkdown("Write to [{{supportEmail}}](mailto:{{supportEmail}}) at **{{name}}**"), {
      name: "Acme",
      supportEmail: "help@acme.test",
    });
    expect(blocks).toEqual([
      {
        type: "paragraph",
        children: [
          text("Write to "),
          { type: "link", href: "mailto:help@acme.test", children: [text("help@acme.test")] },
          text(" at "),
          { type: "strong", children: [text("Acme")] },
        ],
      },
    ]);
  });

  it("fills inside lists, headings and quotes, and a value is literal text, not markdown", () => {
    const blocks = fillBlockPlaceholders(parseMarkdown("## {{name}}\n\n- {{name}}\n\n> {{name}}"), { name: "**A** [b](/c)" });
    expect(toPlainText(blocks)).toBe("**A** [b](/c)\n\n**A** [b](/c)\n\n**A** [b](/c)");
  });

  it("throws on an unknown placeholder so a typo cannot reach a page", () => {
    expect(() => fillPlaceholders("Hi {{nmae}}", { name: "Acme" })).toThrow("Unknown placeholder {{nmae}}");
    expect(() => fillBlockPlaceholders(parseMarkdown("- Hi {{nmae}}"), { name: "Acme" })).toThrow("Unknown placeholder {{nmae}}");
  });
});

describe("isSafeHref", () => {
  it.each(["/courses", "#top", "https://example.com", "http://example.com", "mailto:a@b.test", "tel:+15550100"])("allows %s", (href) => {
    expect(isSafeHref(href)).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "/\\evil.example",
    "vbscript:x",
    "relative/path",
  ])("refuses %s", (href) => {
    expect(isSafeHref(href)).toBe(false);
  });
});

it("toPlainText flattens blocks for word counts", () => {
  expect(toPlainText(parseMarkdown("## Hi\n\n- **a** b\n- [c](/d)\n\n> *e* `f`"))).toBe("Hi\n\na b\nc\n\ne f");
});
