import { LinkList } from "@/components/ui/link-list";
import { brand } from "@/lib/platform/brand";
import { footerExplore, footerPolicies } from "@/lib/platform/auth/navigation";

/** SPEC 2: social links (those configured), explore links, contact info (USA address, email, phone) and policy links. */
export function SiteFooter() {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-bold text-white">
            {brand.name}
          </h2>
          <p className="mt-3 text-sm text-slate-300">{brand.description}</p>
          {/* Only the configured networks (SOCIAL_*_URL); none configured, no list. */}
          {brand.social.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social media">
              {brand.social.map((s) => (
                <li key={s.label}>
                  <a href={s.href} rel="noopener noreferrer" target="_blank" className="underline-offset-4 hover:underline">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="text-sm font-semibold uppercase tracking-wide text-white">
            Explore
          </h2>
          <LinkList links={footerExplore} className="mt-3 space-y-2 text-sm" linkClassName="hover:underline" />
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold uppercase tracking-wide text-white">
            Contact
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{brand.address}</p>
            <p>
              <a href={`mailto:${brand.supportEmail}`} className="hover:underline">
                {brand.supportEmail}
              </a>
            </p>
            <p>
              <a href={brand.supportPhoneHref} className="hover:underline">
                {brand.supportPhone}
              </a>
            </p>
          </address>
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className="text-sm font-semibold uppercase tracking-wide text-white">
            Policies
          </h2>
          <LinkList links={footerPolicies} className="mt-3 space-y-2 text-sm" linkClassName="hover:underline" />
        </nav>
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </p>
    </footer>
  );
}
