import type { Metadata, Viewport } from "next";
import { Suspense, type ReactNode } from "react";

import { AnalyticsLoader } from "@/components/shell/analytics-loader";
import { CookieBanner } from "@/components/shell/cookie-banner";
import { IntentLinkNavigator } from "@/components/shell/intent-link-navigator";
import { RouteChangeOverlay } from "@/components/shell/route-change-overlay";
import { ScrollToTop } from "@/components/shell/scroll-to-top";
import { ShellFrame } from "@/components/shell/shell-frame";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { ThirdPartyWidgets } from "@/components/shell/third-party-widgets";
import { ToasterHost } from "@/components/shell/toaster";
import { VercelAnalytics } from "@/components/shell/vercel-analytics";
import { JsonLd } from "@/components/ui/json-ld";
import { brand } from "@/lib/platform/brand";
import { thirdPartyConfig } from "@/lib/platform/security/third-party";
import { env } from "@/lib/platform/env";
import { organizationJsonLd } from "@/lib/platform/seo";

import { readCartCountAction } from "./header-actions";

import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(brand.siteUrl),
  title: { default: `${brand.name}: ${brand.tagline}`, template: `%s | ${brand.name}` },
  description: brand.description,
  applicationName: brand.name,
};

export const viewport: Viewport = { themeColor: "#2451c7", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  // Outside services get their public keys and URLs as props: nothing in the browser reads the environment.
  const thirdParty = thirdPartyConfig(env);
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {/* The signed-in groups' layouts render their own, with the session (components/shell/shell-frame.tsx). */}
        <ShellFrame header={<SiteHeader readCartCount={readCartCountAction} />} footer={<SiteFooter />}>
          {children}
        </ShellFrame>
        <ScrollToTop />
        <CookieBanner acceptOnScrollPercent={thirdParty.consentOnScrollPercent} />
        <RouteChangeOverlay />
        <IntentLinkNavigator />
        <ToasterHost />
        <JsonLd data={organizationJsonLd()} />
        {/* Each loads its code only after cookie consent, once the page is interactive. */}
        {thirdParty.posthog ? (
          <Suspense fallback={null}>
            <AnalyticsLoader posthog={thirdParty.posthog} ipLookupUrl={thirdParty.ipLookupUrl} />
          </Suspense>
        ) : null}
        {thirdParty.isVercelAnalyticsEnabled ? <VercelAnalytics /> : null}
        {thirdParty.widgets.length > 0 ? <ThirdPartyWidgets widgets={thirdParty.widgets} /> : null}
      </body>
    </html>
  );
}
