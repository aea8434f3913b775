import { renderToStaticMarkup } from "react-dom/server";

import { brandLabels } from "@/lib/platform/brand";
import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";

import GiftACoursePage from "./page";

jest.mock("@/lib/commerce/payments/stripe", () => ({ isCardPaymentAvailable: jest.fn() }));
const cardAvailable = jest.mocked(isCardPaymentAvailable);

const pageText = () =>
  renderToStaticMarkup(<GiftACoursePage />)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

/** The gift page says how a gift is paid as the gift form offers it: Cash only, or Cash or card when Stripe is configured. */
describe("the gift page's payment sentence", () => {
  it("without Stripe: paid from the buyer's own Cash", () => {
    cardAvailable.mockReturnValue(false);
    const text = pageText();
    expect(text).toContain(`paid from your own ${brandLabels.cash} when you are signed in.`);
    expect(text).not.toMatch(/card/i);
  });

  it("with Stripe: paid from the buyer's own Cash or by card", () => {
    cardAvailable.mockReturnValue(true);
    expect(pageText()).toContain(`paid from your own ${brandLabels.cash} or by card when you are signed in.`);
  });
});
