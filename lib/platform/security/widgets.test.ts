import { configuredWidgets, WIDGETS, widgetCspSources } from "./widgets";

describe("third-party widget registry (SPEC 1, issue 5)", () => {
  it("lists every widget SPEC 1 names, each with a variable, a consent category and a strategy", () => {
    expect(WIDGETS.map((w) => w.id)).toEqual(["chat", "ads", "session-recording", "heatmap", "popup", "assistant"]);
    for (const widget of WIDGETS) {
      expect(widget.envVar).toMatch(/^NEXT_PUBLIC_/);
      expect(["analytics", "marketing", "functional"]).toContain(widget.category);
      expect(["afterInteractive", "lazyOnload"]).toContain(widget.strategy);
    }
  });

  it("an unconfigured widget does not exist: nothing to load, no CSP host", () => {
    expect(configuredWidgets({}, "Brightside")).toEqual([]);
    expect(configuredWidgets({ NEXT_PUBLIC_CHAT_WIDGET_URL: " " }, "Brightside")).toEqual([]);
    expect(widgetCspSources({})).toEqual([]);
  });

  it("a configured widget gets its script URL, and the assistant carries the brand ('{product} GPT')", () => {
    const widgets = configuredWidgets(
      { NEXT_PUBLIC_ASSISTANT_WIDGET_URL: "https://gpt.example.com/embed.js", NEXT_PUBLIC_ADS_CLIENT_ID: "ca-pub-1234567890123456" },
      "Brightside",
    );
    expect(widgets).toEqual([
      {
        id: "ads",
        label: "Ads",
        category: "marketing",
        strategy: "lazyOnload",
        src: "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456",
        crossOrigin: "anonymous",
      },
      { id: "assistant", label: "Brightside GPT", category: "functional", strategy: "lazyOnload", src: "https://gpt.example.com/embed.js" },
    ]);
    expect(widgetCspSources({ NEXT_PUBLIC_ASSISTANT_WIDGET_URL: "https://gpt.example.com/embed.js" })).toEqual([
      {
        "script-src": ["https://gpt.example.com"],
        "connect-src": ["https://gpt.example.com"],
        "style-src": ["https://gpt.example.com"],
        "frame-src": ["https://gpt.example.com"],
      },
    ]);
  });
});
