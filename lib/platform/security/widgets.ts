import { originOf, type CspSources } from "./csp";

/**
 * The third-party widgets of SPEC 1, as data: each one is switched on by one
 * variable (a script URL, or the ads client id), belongs to a consent category
 * and has a load strategy. An unset variable means the widget does not exist:
 * no script tag, no CSP host. Nothing here loads before cookie consent
 * (components/shell/third-party-widgets.tsx).
 */
/**
 * What kind of consent a widget needs. SPEC 2's banner has one button, so 'I Understand' grants
 * all three at once; the category is kept as data for a finer consent dialog to gate on.
 */
export type ConsentCategory = "analytics" | "marketing" | "functional";

/** afterInteractive: as soon as consent and an interactive page allow; lazyOnload: when the browser is idle after that. */
export type LoadStrategy = "afterInteractive" | "lazyOnload";

export type WidgetEnvVar =
  | "NEXT_PUBLIC_CHAT_WIDGET_URL"
  | "NEXT_PUBLIC_ADS_CLIENT_ID"
  | "NEXT_PUBLIC_SESSION_RECORDING_URL"
  | "NEXT_PUBLIC_HEATMAP_URL"
  | "NEXT_PUBLIC_POPUP_WIDGET_URL"
  | "NEXT_PUBLIC_ASSISTANT_WIDGET_URL";

export type WidgetValues = Partial<Record<WidgetEnvVar, string | undefined>>;

export interface WidgetDefinition {
  id: string;
  /** `{product}` is replaced with the brand name. */
  label: string;
  envVar: WidgetEnvVar;
  category: ConsentCategory;
  strategy: LoadStrategy;
  scriptUrl(value: string): string;
  /** The hosts the widget needs beyond this site, added to the CSP only when it is configured. */
  csp(value: string): CspSources;
  crossOrigin?: "anonymous";
}

/** A widget served from one origin: its script, its API calls, its styles and frames stay there. */
function fromScriptUrl(url: string): CspSources {
  const origin = originOf(url);
  return { "script-src": [origin], "connect-src": [origin], "style-src": [origin], "frame-src": [origin] };
}

const scriptUrlWidget = (definition: Pick<WidgetDefinition, "id" | "label" | "envVar" | "category" | "strategy">): WidgetDefinition => ({
  ...definition,
  scriptUrl: (url) => url,
  csp: fromScriptUrl,
});

export const WIDGETS: readonly WidgetDefinition[] = [
  scriptUrlWidget({
    id: "chat",
    label: "Chat / CRM widget",
    envVar: "NEXT_PUBLIC_CHAT_WIDGET_URL",
    category: "marketing",
    strategy: "lazyOnload",
  }),
  {
    id: "ads",
    label: "Ads",
    envVar: "NEXT_PUBLIC_ADS_CLIENT_ID",
    category: "marketing",
    strategy: "lazyOnload",
    scriptUrl: (clientId) => `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`,
    crossOrigin: "anonymous",
    // The hosts Google documents for AdSense under a CSP.
    csp: () => ({
      "script-src": [
        "https://pagead2.googlesyndication.com",
        "https://tpc.googlesyndication.com",
        "https://partner.googleadservices.com",
        "https://adservice.google.com",
      ],
      "connect-src": ["https://pagead2.googlesyndication.com", "https://googleads.g.doubleclick.net"],
      "frame-src": ["https://googleads.g.doubleclick.net", "https://tpc.googlesyndication.com", "https://www.google.com"],
    }),
  },
  scriptUrlWidget({
    id: "session-recording",
    label: "Session recording",
    envVar: "NEXT_PUBLIC_SESSION_RECORDING_URL",
    category: "analytics",
    strategy: "afterInteractive",
  }),
  scriptUrlWidget({
    id: "heatmap",
    label: "Heatmap",
    envVar: "NEXT_PUBLIC_HEATMAP_URL",
    category: "analytics",
    strategy: "afterInteractive",
  }),
  scriptUrlWidget({
    id: "popup",
    label: "Popup tool",
    envVar: "NEXT_PUBLIC_POPUP_WIDGET_URL",
    category: "marketing",
    strategy: "lazyOnload",
  }),
  scriptUrlWidget({
    id: "assistant",
    label: "{product} GPT",
    envVar: "NEXT_PUBLIC_ASSISTANT_WIDGET_URL",
    category: "functional",
    strategy: "lazyOnload",
  }),
];

/** What the browser needs to load one configured widget (a plain object, passed from the root layout). */
export interface ConfiguredWidget {
  id: string;
  label: string;
  category: ConsentCategory;
  strategy: LoadStrategy;
  src: string;
  crossOrigin?: "anonymous";
}

function configured(values: WidgetValues): Array<{ definition: WidgetDefinition; value: string }> {
  return WIDGETS.flatMap((definition) => {
    const value = values[definition.envVar]?.trim();
    return value ? [{ definition, value }] : [];
  });
}

export function configuredWidgets(values: WidgetValues, productName: string): ConfiguredWidget[] {
  return configured(values).map(({ definition, value }) => ({
    id: definition.id,
    label: definition.label.replace("{product}", productName),
    category: definition.category,
    strategy: definition.strategy,
    src: definition.scriptUrl(value),
    ...(definition.crossOrigin ? { crossOrigin: definition.crossOrigin } : {}),
  }));
}

export function widgetCspSources(values: WidgetValues): CspSources[] {
  return configured(values).map(({ definition, value }) => definition.csp(value));
}
