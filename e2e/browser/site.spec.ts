// The path from trial to customer and the site around the review, in a real browser:
// an anonymous upload becomes the account's when its visitor signs in from the same browser
// (reviewable; another account gets 404); the uploader offers "the first N pages" when a file is
// larger than what is left and never quotes more than PDFPAGES_MAX_PAGES; the documents list, the
// signed-in indicator, the API reference and the favicon; no serious axe finding on the landing,
// account, documents and API reference pages; a phone-size journey through upload and result.
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import type { Stack } from "../support/stack";
import { signIn as sessionCookie } from "../support/api";
import { makeTextPdf } from "../support/pdfs";
import { trialAddressKey } from "../../lib/quota/trial";
import { tablePdfBytes } from "../support/review";
import { dropPdf, expect, jobIdFrom, screenshots, signInLink, stackTest, uniqueEmail } from "./fixtures";

// 12 pages at most per document, so a 16-page file shows the cap without a 600-page fixture; half
// a second's pause after each page, so pages are seen finishing (one-page jobs lose 0.5 s).
const test = stackTest({ PDFPAGES_MAX_PAGES: "12", WEB_TRIAL_PAGES_PER_DAY: "10", WORKER_PAGE_DELAY_MS: "500" });

/** A session for a new account put straight into the browser (the magic-link form has its own
 * journey above and in account.spec.ts; here it would only cost time). */
async function signInQuickly(context: BrowserContext, stack: Stack, siteUrl: string, email: string): Promise<void> {
  const [name, value] = (await sessionCookie(stack, email)).split("=") as [string, string];
  await context.addCookies([{ name, value, url: siteUrl }]);
}

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

test("an anonymous upload becomes the account's on sign-in from the same browser; another account gets 404", async ({
  page,
  stack,
  browser,
  siteUrl,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("sign-in-link")).toBeVisible();
  await dropPdf(page, await tablePdfBytes(), "trial table.pdf");
  await expect(page.getByTestId("file-facts")).toHaveText(/^\d+(\.\d)? KB, 1 page$/);
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  const jobId = jobIdFrom(page);

  // The result page's own way in: sign in, and land on the review of this very document.
  await page.getByRole("link", { name: "sign in", exact: true }).click();
  await page.waitForURL(/\/sign-in\?callbackUrl=/, { waitUntil: "load" });
  const email = uniqueEmail("trial");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page).toHaveURL(/\/verify-request/);
  await page.goto(await signInLink(stack, email));
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trial table.pdf");
  await expect(page.getByTestId("signed-in-as")).toContainText(email);

  // Listed among the account's documents, sized as people write sizes.
  await page.getByRole("link", { name: "Your documents" }).click();
  const row = page.getByTestId("documents").getByRole("row", { name: /trial table\.pdf/ });
  await expect(row).toContainText(/\d+(\.\d)? KB/);
  await expect(row).toContainText("free (web trial)");
  await expect(row).toContainText("done");
  await screenshots(page, "documents");

  // Another account, in another browser, gets the same 404 as for an unknown id.
  const other = await browser.newContext({ baseURL: siteUrl });
  await signInQuickly(other, stack, siteUrl, uniqueEmail("other"));
  const otherPage = await other.newPage();
  expect((await otherPage.goto(`/jobs/${jobId}`))?.status()).toBe(404);
  expect((await otherPage.goto(`/jobs/${jobId}/review`))?.status()).toBe(404);
  await other.close();

  // Signing out from the header.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByTestId("sign-in-link")).toBeVisible();
});

test("the uploader offers the first N pages when a file is larger than what is left, and quotes at most the page limit", async ({
  page,
  stack,
}) => {
  // 5 of today's 10 web pages used from this address (the browser reaches "localhost": either family).
  await stack.query(`DELETE FROM "TrialUsage" WHERE channel = 'web'`);
  // Counted per trial key (lib/quota/trial.ts: IPv4 as it is, IPv6 by its /64).
  for (const address of new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"].map(trialAddressKey))) {
    await stack.query(`INSERT INTO "TrialUsage" (address, channel, "window", count) VALUES ($1, 'web', $2, 5)`, [
      address,
      `day:${new Date().toISOString().slice(0, 10)}`,
    ]);
  }
  await page.goto("/");
  await expect(page.getByTestId("trial-left")).toHaveText("5 of 10 free pages left today");
  await dropPdf(page, await makeTextPdf(16), "sixteen.pdf");
  const quote = page.getByTestId("quote");
  await expect(quote).toContainText("This document has 16 pages; only the first 12 are read");
  await expect(quote).toContainText("This is 12 pages; 5 free pages are left today.");
  await expect(page.getByText("used today's free pages")).toHaveCount(0);
  await screenshots(page, "landing-first-pages-offer");
  await page.getByRole("button", { name: "Extract the first 5 pages" }).click();
  await expect(page.getByLabel("Pages (optional)")).toHaveValue("5");
  await expect(quote).toContainText("these 5 pages are free");
  // The worker paused for a moment, so the job page is seen waiting: its place in the queue and
  // an estimate from the jobs finished so far (the first journey's). The worker waits half a
  // second after each page (WORKER_PAGE_DELAY_MS), so the pages are seen finishing one by one.
  const worker = stack.workers[0]!.process;
  worker.kill("SIGSTOP");
  try {
    await page.getByRole("button", { name: "Extract tables" }).click();
    await expect(page).toHaveURL(/\/jobs\/job_/);
    await expect(page.getByText(/^5 pages/)).toBeVisible();
    await expect(page.getByTestId("job-queue")).toHaveText("Next in the queue");
    await expect(page.getByTestId("job-estimate")).toContainText(/done in about \d+(\.\d)? (s|min|h) at the recent pace/);
  } finally {
    worker.kill("SIGCONT");
  }
  await expect(page.getByTestId("job-pages-done")).toHaveText(/^[1-4] of 5 pages done$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  await page.goto("/");
  await expect(page.getByTestId("trial-left")).toHaveText("0 of 10 free pages left today");
});

test("a signed-in account with no balance keeps the web trial; payments off means no Top up", async ({ page, stack, siteUrl }) => {
  await stack.query(`DELETE FROM "TrialUsage" WHERE channel = 'web'`);
  await signInQuickly(page.context(), stack, siteUrl, uniqueEmail("newcomer"));
  await page.goto("/account");
  await expect(page.getByTestId("payments-off")).toBeVisible();
  await expect(page.getByRole("button", { name: "Top up" })).toHaveCount(0);
  await page.goto("/");
  await dropPdf(page, await tablePdfBytes(), "first.pdf");
  await expect(page.getByTestId("quote")).toContainText("10 of 10 free pages left today");
  await expect(page.getByTestId("quote")).toContainText("this page is free");
  await expect(page.getByRole("link", { name: "Top up on your account page" })).toHaveCount(0);
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
});

test("API reference, favicon, and no serious accessibility finding on the site's own pages", async ({ page, stack, request, siteUrl }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/image\//);

  await page.goto("/");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api-reference");
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByTestId("swagger-ui").getByText("/v1/parse", { exact: true }).first()).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await screenshots(page, "api-reference");

  await signInQuickly(page.context(), stack, siteUrl, uniqueEmail("axe"));
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.goto("/documents");
  await expect(page.getByRole("heading", { name: "Your documents" })).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
});

test("on a phone: upload and read the result", async ({ browser, siteUrl, stack }) => {
  await stack.query(`DELETE FROM "TrialUsage" WHERE channel = 'web'`);
  const phone = await browser.newContext({ baseURL: siteUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Choose a PDF" })).toBeInViewport();
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "phone.pdf", mimeType: "application/pdf", buffer: Buffer.from(await tablePdfBytes()) });
  await expect(page.getByTestId("file-facts")).toContainText("1 page");
  await page.getByRole("button", { name: "Extract tables" }).tap();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("table", { name: "Table 1 on page 1" })).toContainText("Apples");
  // Nothing wider than the screen but the table's own scroller.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
