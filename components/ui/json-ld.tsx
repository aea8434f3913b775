/** Structured data for search engines; `data` comes from lib/platform/seo.ts, already escaped. */
export function JsonLd({ data }: { data: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data }} />;
}
