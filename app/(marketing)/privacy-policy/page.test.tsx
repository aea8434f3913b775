import { renderToStaticMarkup } from "react-dom/server";

import PrivacyPolicyPage from "./page";

// Periods unlike the defaults, so a page that wrote its own numbers would fail.
jest.mock("@/lib/privacy/config", () => ({
  ...jest.requireActual("@/lib/privacy/config"),
  RETENTION: { leadMonths: 7, eventMonths: 5, networkDataDays: 45, homeworkFileMonths: 3, keptConversationMonths: 18 },
}));

/** Security issue (retention): the policy states the periods the retention job uses, from the same configuration. */
describe("the privacy policy's retention section", () => {
  it("states the configured periods", () => {
    const text = renderToStaticMarkup(<PrivacyPolicyPage />).replace(/<[^>]+>/g, "");
    expect(text).toContain("Demo requests that do not lead to enrollment: 7 months after our last contact");
    expect(text).toContain("Event logs: 5 months, then deleted.");
    expect(text).toContain("Files handed in as homework (photos and PDF files): 3 months after they were handed in, then deleted.");
    expect(text).toContain("browser details stored with demo requests and event logs: 45 days, then erased.");
    // Issue 40: a deleted family's conversations the safety team needs.
    expect(text).toContain("for 18 months, read only by our safety team, then deleted.");
    // A deleted teacher's conversations, the same period.
    expect(text).toContain("Conversations with a teacher who closes their account");
    expect(text).toContain("for 18 months after the teacher&#x27;s account is closed, then deleted.");
  });
});
