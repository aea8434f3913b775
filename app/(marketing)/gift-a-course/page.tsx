import Link from "next/link";

import { IntentLink } from "@/components/ui/intent-link";

import { DemoCta } from "@/components/marketing/demo-cta";
import { PageIntro } from "@/components/marketing/page-intro";
import { Prose } from "@/components/ui/prose";
import { GIFT_AMOUNT_MAX_MINOR, GIFT_AMOUNT_MIN_MINOR } from "@/lib/commerce/gifts/gift-schema";
import { GIFT_REDEEM_PATH } from "@/lib/commerce/gifts/gifts";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { brand, brandLabels } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

export const metadata = pageMetadata({
  title: "Gift a course",
  description: `Give a child live classes in coding, music, languages, academics or life skills: a gift of ${brandLabels.cash} with a code to print or share.`,
  path: "/gift-a-course",
});

const action = "inline-block rounded-lg px-5 py-2.5 font-semibold";

/**
 * Static: read at build like the brand, so the card option's mention follows the build's Stripe
 * configuration (scripts/build-freshness.mjs rebuilds when it changes).
 */
export default function GiftACoursePage() {
  const cardAvailable = isCardPaymentAvailable();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageIntro eyebrow="Gifts" title="Gift a course">
        <p>
          A course is a gift that keeps going long after the wrapping paper: a child who learns to code their first game, play a song on the
          piano or speak a new language. Here is how gifting works at {brand.name}.
        </p>
      </PageIntro>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/gift-a-course/buy" className={`${action} bg-brand-600 text-white hover:bg-brand-700`}>
          Buy a gift
        </Link>
        <Link href={GIFT_REDEEM_PATH} className={`${action} border border-brand-600 text-brand-700 hover:bg-brand-50`}>
          Redeem a gift code
        </Link>
      </div>

      <Prose className="mt-10">
        <h2>How it works</h2>
        <ol>
          <li>
            <strong>Choose an amount.</strong> A gift is {brandLabels.cash} from {formatMoney(GIFT_AMOUNT_MIN_MINOR)} to{" "}
            {formatMoney(GIFT_AMOUNT_MAX_MINOR)}, paid from your own {brandLabels.cash}
            {cardAvailable ? " or by card" : ""} when you are signed in. It pays for any of our{" "}
            <IntentLink href="/courses">courses</IntentLink>, so the family chooses what the child enjoys.
          </li>
          <li>
            <strong>Print or share the gift message.</strong> You get a single-use gift code and a gift message to print or send. Give us
            the recipient&apos;s email address and we email them the code too.
          </li>
          <li>
            <strong>The family redeems it.</strong> The child&apos;s parent signs up (or signs in) and enters the code on the{" "}
            <IntentLink href={GIFT_REDEEM_PATH}>redeem page</IntentLink>. The gift is added to their {brandLabels.cash}, which is used first
            when they enrol in a class.
          </li>
        </ol>

        <h2>Giving to someone else&apos;s child</h2>
        <p>
          Grandparents, aunts, uncles and family friends are welcome to give a course. To keep children safe and to respect their privacy,
          we arrange classes only with the child&apos;s parent or legal guardian: we contact them, not the child, and we need their
          agreement before the child joins a class. We use their contact details only to arrange the gift. If you want it to be a surprise
          for the child, tell us when you plan to give it and we will time our message to the parent.
        </p>

        <h2>Are you the child&apos;s parent?</h2>
        <p>
          Then you can start straight away: <IntentLink href="/book-free-demo">book a free demo class</IntentLink> for your child, and after
          the class our team will help you enroll in the course that fits.
        </p>

        <h2>Questions?</h2>
        <p>
          Call us at <a href={brand.supportPhoneHref}>{brand.supportPhone}</a> ({brand.supportHours}) or email{" "}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>.
        </p>
      </Prose>

      <DemoCta title="Not sure which course to give?">
        <p>A free demo class is the easiest way to find out what a child enjoys. It is live, one-on-one and without obligation.</p>
      </DemoCta>
    </div>
  );
}
