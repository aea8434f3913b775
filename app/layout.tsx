import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";

import { CookieBanner } from "@/components/shell/cookie-banner";
import { RouteChangeOverlay } from "@/components/shell/route-change-overlay";
import { ScrollToTop } from "@/components/shell/scroll-to-top";
import { SiteFooter } from "@/components/shell/site-footer";
import { SiteHeader } from "@/components/shell/site-header";
import { Toaster } from "@/components/shell/toaster";
import { JsonLd } from "@/components/ui/json-ld";
import { brand } from "@/lib/brand";
import { organizationJsonLd } from "@/lib/seo";

import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(brand.siteUrl),
  title: { default: `${brand.name}: ${brand.tagline}`, template: `%s | ${brand.name}` },
  description: brand.description,
  applicationName: brand.name,
};

export const viewport: Viewport = { themeColor: "#2451c7", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollToTop />
        <CookieBanner />
        <RouteChangeOverlay />
        <Toaster />
        <JsonLd data={organizationJsonLd()} />
      </body>
    </html>
  );
}
