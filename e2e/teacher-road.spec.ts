import { randomBytes } from "node:crypto";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signIn, signUpParent } from "./support/auth";
import { lookAt } from "./support/look";
import { linkInMail, openMail } from "./support/mailbox";
import { baseURL } from "./support/server";

/**
 * Issue 38, end to end on the embedded default, every email read in the mailbox: a new account
 * applies from "Become a teacher"; the admin runs the checks (the stand-in passes them) and
 * approves; the teacher's page is public; the teacher adds a catalogue course another teacher
 * already teaches and publishes a section, which the admin reviews, and then it is on sale; a
 * family in another zone finds it in the finder and on the course page and buys it by card; the
 * teacher sees the seat and sets up payouts (the local stand-in's Stripe Connect TEST onboarding).
 */

/** Letters only, so the name is one word the class finder's search reads as it is. */
const surname = `Quill${Array.from(randomBytes(6), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;
const NAME = `Ines ${surname}`;
const EMAIL = `ines.${surname.toLowerCase()}@example.com`;
const PASSWORD = "teach-with-us-12345";
const COURSE = "Scratch Game Design";
const TEST_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_[0-9a-f]+$/;

const shot = (page: Page, name: string) => lookAt(page, `teacher-road-${name}`);

async function personIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  await context.addCookies([{ name: "cookie_consent", value: "true", url: baseURL }]);
  return context.newPage();
}

test("from Become a teacher to a class a family buys: vetted, reviewed, on sale, paid", async ({ browser }) => {
  test.setTimeout(300_000); // four people, a card payment and the mail on a 2-core machine

  // 1. A visitor becomes an applicant: "Become a teacher" leads to a sign-up that speaks to teachers.
  let teacher = await personIn(browser, "America/Denver");
  await teacher.goto("/");
  await teacher.getByRole("contentinfo").getByRole("link", { name: "Become a teacher" }).click();
  await expect(teacher).toHaveURL(/\/signup\?callbackUrl=%2Fbecome-a-teacher$/);
  await expect(teacher.getByRole("heading", { name: "Teach with us: create your account" })).toBeVisible();
  await teacher.getByLabel("Your name").fill(NAME);
  await teacher.getByLabel("Email").fill(EMAIL);
  await teacher.getByLabel("Password").fill(PASSWORD);
  await teacher.getByRole("button", { name: "Create account" }).click();
  await expect(teacher).toHaveURL(/\/become-a-teacher$/);

  await teacher.getByLabel("Subjects and grades you would like to teach").fill("Scratch and Python, grades 3 to 7");
  await teacher.getByLabel("Teaching experience with children").fill("Five years of coding clubs at my local library.");
  await teacher.getByLabel("Weekly availability and time zone").fill("Weekday afternoons, Mountain time");
  await teacher.getByRole("button", { name: "Send application" }).click();
  await expect(teacher.getByText("Please read and accept the child-safety policy to apply.")).toBeVisible();
  await teacher.getByLabel("I have read the child-safety policy above and accept it.").check();
  await teacher.getByRole("button", { name: "Send application" }).click();
  await expect(teacher.getByText(/; status: pending$/)).toBeVisible();
  await shot(teacher, "applied");
  const ack = await openMail(teacher, EMAIL, /^We have your application to teach/);
  await expect(ack).toContainText("background check");

  // 2. The admin runs the checks and approves.
  const admin = await personIn(browser, "America/New_York");
  const adminAccount = demoAccount("admin");
  await signIn(admin, adminAccount.email, adminAccount.password);
  await admin.goto("/admin/applications");
  await admin
    .getByRole("article", { name: NAME })
    .getByRole("link", { name: `Review ${NAME}` })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  // Scanned before any toast: an animating toast reads as low contrast.
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await admin
    .getByRole("form", { name: `Approve ${NAME}` })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(
    admin.getByText("Every check must pass before approval. Still to pass: Identity, Background check, Sample lesson reviewed.").first(),
  ).toBeVisible();
  await admin.getByRole("form", { name: "Identity" }).getByRole("button", { name: "Record identity" }).click();
  await expect(admin.getByText("The check is recorded as passed.").first()).toBeVisible();
  await admin.getByRole("form", { name: "Sample lesson reviewed" }).getByRole("button", { name: "Record sample lesson reviewed" }).click();
  await admin.getByRole("form", { name: "Background check" }).getByRole("button", { name: "Run background check" }).click();
  await expect(admin.getByText("The background check passed.").first()).toBeVisible();
  const checks = admin.getByRole("table", { name: "Checks" });
  await expect(checks.getByText("Passed")).toHaveCount(4);
  await shot(admin, "review");
  await admin
    .getByRole("form", { name: `Approve ${NAME}` })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(admin.getByText(`${NAME} is now a teacher, with a public page.`).first()).toBeVisible();

  // 3. The approval email names the public page, which anyone can open.
  const pageUrl = await linkInMail(teacher, EMAIL, /you are a teacher now$/, /http:\/\/\S+\/teachers\/[a-z0-9-]+/);
  const visitor = await personIn(browser, "UTC");
  await visitor.goto(new URL(pageUrl).pathname);
  await expect(visitor.getByRole("heading", { level: 1, name: NAME })).toBeVisible();

  // 4. The teacher (signed in again: the role is new) adds a course the demo teacher teaches too, and publishes a section.
  // In a browser of their own: logging out is auth.spec's subject, and a request still in flight from
  // the old page could write the old session's cookie back (it failed so once in three full runs).
  teacher = await personIn(browser, "America/Denver");
  await signIn(teacher, EMAIL, PASSWORD);
  await teacher.goto("/teacher/courses");
  await teacher.getByRole("button", { name: `I teach ${COURSE}` }).click();
  await expect(teacher.getByRole("table", { name: "Courses with their demo requests" }).getByRole("link", { name: COURSE })).toBeVisible();
  await teacher.goto("/teacher/sections/new");
  await teacher.getByLabel("Course").selectOption({ label: COURSE });
  await teacher.getByLabel("Class type").selectOption({ label: "Group" });
  await teacher.getByLabel("Capacity").fill("4");
  await teacher.getByLabel("Price").fill("77.00");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await teacher.getByRole("checkbox", { name: day }).check();
  await teacher.getByLabel("Status").selectOption("open");
  await teacher.getByRole("button", { name: "Create section" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/sections$/);
  const row = teacher.getByRole("row").filter({ hasText: "$77.00" });
  await expect(row).toContainText("Open: in review");
  await shot(teacher, "in-review");

  // In review: not on the course page yet.
  await visitor.goto("/courses/scratch-game-design");
  await expect(visitor.getByText(`With ${NAME}`)).toHaveCount(0);

  // 5. The admin approves the first listing; the teacher hears it is on sale.
  await admin.goto("/admin/applications");
  const listing = admin.getByRole("article", { name: `${COURSE} by ${NAME}` });
  await listing.getByRole("button", { name: "Approve listing" }).click();
  await expect(admin.getByText(/is on sale, and this teacher's sections go on sale/).first()).toBeVisible();
  await openMail(teacher, EMAIL, `Your section of ${COURSE} is on sale`);

  // 6. A family in London finds it in the class finder and on the course page, and buys it by card.
  const family = await personIn(browser, "Europe/London");
  await signUpParent(family, "Road Parent");
  await family.goto(`/courses?q=${surname}`);
  const found = family.getByRole("article", { name: COURSE });
  await expect(found).toBeVisible();
  await expect(found).toContainText(NAME);
  await expect(found).toContainText(/(Greenwich Mean Time|British Summer Time|United Kingdom Time)/);
  await shot(family, "finder");
  await family.goto("/courses/scratch-game-design");
  await expect(family.getByText(`With ${NAME}`)).toBeVisible();
  await family.getByRole("link", { name: `Enrol in group classes with ${NAME}, $77.00` }).click();
  const panel = family.getByRole("region", { name: COURSE });
  await panel.getByLabel("Child's first name").fill("Noor");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 5" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await expect(family.getByTestId("cart-total")).toHaveText("$77.00");
  await family.getByRole("button", { name: "Pay $77.00 by card" }).click();
  await expect(family).toHaveURL(TEST_PAGE);
  await family.getByLabel("Card number").fill("4242 4242 4242 4242");
  await family.getByRole("button", { name: "Pay $77.00" }).click();
  await expect(family.getByRole("heading", { name: "You are enrolled", level: 1 })).toBeVisible();

  // 7. The teacher sees the seat.
  await teacher.goto("/teacher/sections");
  await expect(teacher.getByRole("row").filter({ hasText: "$77.00" })).toContainText("1 / 4");
  await expect(teacher.getByRole("row").filter({ hasText: "$77.00" })).not.toContainText("in review");
  await shot(teacher, "seat");

  // 8. Ready to be paid: the earnings page asks the new teacher to set up payouts; the local
  // stand-in's TEST onboarding (Stripe Connect) completes it, and the page says so.
  await teacher.goto("/teacher/earnings");
  const payouts = teacher.getByRole("region", { name: "Payouts" });
  await expect(payouts).toContainText("Connect a Stripe account to receive your statements");
  await expect(payouts).not.toContainText("Your Stripe account is connected");
  await shot(teacher, "payouts-before");
  await payouts.getByRole("button", { name: "Connect a Stripe account" }).click();
  await expect(teacher.getByRole("heading", { name: "Connect your payout account" })).toBeVisible();
  await expect(teacher.getByText("TEST MODE")).toBeVisible();
  await teacher.getByRole("button", { name: "Complete test onboarding" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/earnings\?connect=ready$/);
  await expect(payouts.getByRole("status")).toHaveText("Your Stripe account is connected and ready for payouts.");
  await expect(payouts).toContainText("Your Stripe account is connected and can receive payouts.");
  await expect(payouts.getByRole("button", { name: /Connect a Stripe account|Finish Stripe onboarding/ })).toHaveCount(0);
  await shot(teacher, "payouts-after");
});
