import { fillBlockPlaceholders, fillPlaceholders, isSafeHref, parseFrontmatter, parseInline, parseMarkdown, toPlainText } from "./markdown";

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

describe("parseMarkdown", () => {
  it("parses ## and ### headings, joining wrapped paragraph lines", () => {
    expect(parseMarkdown("## Title\n\nFirst line\nsecond line\n\n### Sub")).toEqual([
      { type: "heading", level: 2, children: [{ type: "text", value: "Title" }] },
      { type: "paragraph", children: [{ type: "text", value: "First line second line" }] },
      { type: "heading", level: 3, children: [{ type: "text", value: "Sub" }] },
    ]);
  });

  it("never produces an h1 (the page title is the only one) and caps depth at h3", () => {
    const levels = parseMarkdown("# One\n#### Four").map((b) => (b.type === "heading" ? b.level : null));
    expect(levels).toEqual([2, 3]);
  });

  it("parses bullet lists, continuation lines and numbered lists as separate lists", () => {
    expect(parseMarkdown("- one\n* two\n  continued\n1. first\n2) second")).toEqual([
      {
        type: "list",
        ordered: false,
        items: [[{ type: "text", value: "one" }], [{ type: "text", value: "two continued" }]],
      },
      { type: "list", ordered: true, items: [[{ type: "text", value: "first" }], [{ type: "text", value: "second" }]] },
    ]);
  });

  it("ends a list at an unindented text line, which starts a paragraph", () => {
    expect(parseMarkdown("- item\nAfter").map((b) => b.type)).toEqual(["list", "paragraph"]);
  });

  it("does not mistake a bold line for a list item", () => {
    expect(parseMarkdown("**Bold** start")[0]).toMatchObject({ type: "paragraph" });
  });
});

describe("parseInline", () => {
  it("parses bold and links, with bold inside link text", () => {
    expect(parseInline("Read **this** and [the **guide**](/courses).")).toEqual([
      { type: "text", value: "Read " },
      { type: "strong", children: [{ type: "text", value: "this" }] },
      { type: "text", value: " and " },
      {
        type: "link",
        href: "/courses",
        children: [{ type: "text", value: "the " }, { type: "strong", children: [{ type: "text", value: "guide" }] }],
      },
      { type: "text", value: "." },
    ]);
  });

  it("leaves unclosed markers and raw HTML as literal text", () => {
    expect(parseInline("2 ** 3 and [broken](link <b>x</b>")).toEqual([{ type: "text", value: "2 ** 3 and [broken](link <b>x</b>" }]);
  });

  it("does not nest links", () => {
    const [link] = parseInline("[a [b](/x)](/y)");
    expect(link).toMatchObject({ type: "link" });
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
          { type: "text", value: "Write to " },
          { type: "link", href: "mailto:help@acme.test", children: [{ type: "text", value: "help@acme.test" }] },
          { type: "text", value: " at " },
          { type: "strong", children: [{ type: "text", value: "Acme" }] },
        ],
      },
    ]);
  });

  it("throws on an unknown placeholder so a typo cannot reach a page", () => {
    expect(() => fillPlaceholders("Hi {{nmae}}", { name: "Acme" })).toThrow("Unknown placeholder {{nmae}}");
  });
});

describe("isSafeHref", () => {
  it.each(["/courses", "#top", "https://example.com", "http://example.com", "mailto:a@b.test", "tel:+15550100"])("allows %s", (href) => {
    expect(isSafeHref(href)).toBe(true);
  });

  it.each(["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,x", "//evil.test", "/\\evil.test", "vbscript:x", "relative/path"])(
    "refuses %s",
    (href) => {
      expect(isSafeHref(href)).toBe(false);
    },
  );
});

it("toPlainText flattens blocks for word counts", () => {
  expect(toPlainText(parseMarkdown("## Hi\n\n- **a** b\n- [c](/d)"))).toBe("Hi\n\na b\nc");
});
