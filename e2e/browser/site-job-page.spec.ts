// The job page while the extraction waits and runs, in a real browser: a three-page
// document shows its first page's table, with each cell's confidence mark, while the later pages
// still run; a reload shows it again (stored, not held by the browser); then the finished result.
// And no serious axe finding on the pages around it: waiting and running job pages, sign-in (also
// with an error), the e-mail-sent page, not-found, a failed job and the error page. And a phone
// journey, signed in, through upload, pages finishing, result and review of a two-page file, in which every count the pages show (tables, pages, cells per level, the review queue,
// the documents list) is the API's.
//
// Deterministic without sleeps: the worker pauses 1.5 s after each page (WORKER_PAGE_DELAY_MS);
// the test watches for page 1's stored file and freezes the worker (SIGSTOP) in that pause, so
// page 2 cannot start while the browser is checked, however slow the machine.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { Stack } from "../support/stack";
import type { Result } from "../../lib/result/schema";
import { firstItemOf, tablePagesPdfBytes } from "../support/table-pages";
import { tablePdfBytes } from "../support/review";
import { signIn as sessionCookie } from "../support/api";
import { seriousAxeFindings } from "./axe-check";
import { dropPdf, expect, jobIdFrom, screenshots, stackTest, uniqueEmail } from "./fixtures";
import { apiResult, queueFromApi } from "./review-helpers";

const test = stackTest({ WORKER_PAGE_DELAY_MS: "1500" });

async function frozen<T>(worker: { kill(signal: NodeJS.Signals): boolean }, body: () => Promise<T>): Promise<T> {
  worker.kill("SIGSTOP");
  try {
    return await body();
  } finally {
    worker.kill("SIGCONT");
  }
}

/** Runs `body` with the worker frozen right after it stored page `n` of the job (it is then in its
 * pause before the next page, and the next page cannot start until `body` is done). */
async function frozenAfterPage<T>(stack: Stack, jobId: string, n: number, body: () => Promise<T>): Promise<T> {
  const stored = path.join(stack.dataDir, "jobs", jobId, "pages", `${n}.json`);
  const deadline = Date.now() + 30_000;
  while (!fs.existsSync(stored)) {
    if (Date.now() > deadline) throw new Error(`page ${n} of ${jobId} was not stored within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return await frozen(stack.workers[0]!.process, body);
}

async function expectNoSeriousFinding(page: Page): Promise<void> {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

test("the job page shows page 1's table while later pages run, keeps it on reload, then the result", async ({ page, stack, request }) => {
  const worker = stack.workers[0]!.process;
  let markWhileRunning = "";
  await page.goto("/");
  await dropPdf(page, await tablePagesPdfBytes(3), "three pages.pdf");
  await expect(page.getByTestId("file-facts")).toContainText("3 pages");

  // Waiting: the worker is frozen before it can claim the job.
  const jobId = await frozen(worker, async () => {
    await page.getByRole("button", { name: "Extract tables" }).click();
    await expect(page).toHaveURL(/\/jobs\/job_/);
    await expect(page.getByTestId("job-queue")).toHaveText("Next in the queue");
    await expect(page.getByTestId("finished-pages")).toHaveCount(0);
    await expectNoSeriousFinding(page);
    return jobIdFrom(page);
  });

  // Page 1 appears on its own while the job runs (pages 2 and 3 wait behind the frozen worker).
  const firstTable = page.getByRole("table", { name: "Table 1 on page 1" });
  await frozenAfterPage(stack, jobId, 1, async () => {
    await expect(firstTable).toContainText(firstItemOf(1));
    await expect(page.getByTestId("page-1")).toContainText("Stock on page 1");
    // The cell carries its confidence as a mark (not only a tint), as on the finished result.
    const mark = firstTable.locator("td", { hasText: firstItemOf(1) }).locator("[data-mark]");
    await expect(mark).toHaveAttribute("data-mark", /^(verified|unverified|disputed|resolved|confirmed|reviewed|exact)$/);
    markWhileRunning = (await mark.getAttribute("data-mark"))!;
    await expect(page.getByTestId("page-2")).toHaveCount(0);
    await expect(page.getByTestId("page-3")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Summary" })).toHaveCount(0);
    await expect(page.getByTestId("finished-count")).toContainText("1 of 3 pages shown below");
    await expect(page.getByTestId("job-pages-done")).toHaveText("1 of 3 pages done");
    await expectNoSeriousFinding(page);
    await screenshots(page, "job-page-running");
    // A reload shows the finished page at once: it is stored with the job, not kept by the browser.
    await page.reload();
    await expect(page.getByRole("table", { name: "Table 1 on page 1" })).toContainText(firstItemOf(1));
    await expect(page.getByTestId("page-2")).toHaveCount(0);
  });

  // The later pages, then the finished result in place of the running view.
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("finished-pages")).toHaveCount(0);
  for (const n of [1, 2, 3]) await expect(page.getByRole("table", { name: `Table 1 on page ${n}` })).toContainText(firstItemOf(n));
  await expect(page.getByTestId("counts")).toContainText("3 tables on 3 pages");
  // The confidence shown while the job ran is the one the API delivers for that cell.
  const answer = await request.get(`/v1/parse/${jobId}`);
  const result = (await answer.json()).result as Result;
  const cells = result.tables.filter((t) => t.page === 1).flatMap((t) => t.rows.flat());
  expect(cells.find((cell) => cell.value === firstItemOf(1))?.confidence).toBe(markWhileRunning);
  await expect(
    page
      .getByRole("table", { name: "Table 1 on page 1" })
      .locator("td", { hasText: firstItemOf(1) })
      .locator("[data-mark]"),
  ).toHaveAttribute("data-mark", markWhileRunning);
});

test("no serious accessibility finding on sign-in, e-mail sent, not-found, a failed job and the error pages", async ({
  page,
  stack,
  siteUrl,
}) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await expectNoSeriousFinding(page);
  await page.goto("/sign-in?error=Verification");
  await expect(page.getByRole("alert").filter({ hasText: "That sign-in link has expired" })).toBeVisible();
  await expectNoSeriousFinding(page);
  await page.goto("/verify-request");
  await expectNoSeriousFinding(page);

  for (const path of ["/no-such-page", "/jobs/job_AAAAAAAAAAAAAAAAAAAAAA"]) {
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
    await expectNoSeriousFinding(page);
  }

  // A job the worker could not process: the job page says so. The state is the one the worker
  // writes, set here while the worker is frozen, before it could take the job.
  const jobId = await frozen(stack.workers[0]!.process, async () => {
    await page.goto("/");
    await dropPdf(page, await tablePdfBytes(), "one page.pdf");
    await page.getByRole("button", { name: "Extract tables" }).click();
    await expect(page).toHaveURL(/\/jobs\/job_/);
    const id = jobIdFrom(page);
    await stack.query(
      `UPDATE "Job" SET state = 'failed', detail = 'the document could not be processed; nothing was charged' WHERE id = $1`,
      [id],
    );
    return id;
  });
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "The extraction failed." })).toBeVisible();
  await expectNoSeriousFinding(page);

  // The error page: the database refuses the job lookup (its table is out of reach for a moment).
  await stack.query(`ALTER TABLE "Job" RENAME TO "JobHidden"`);
  try {
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByRole("heading", { name: "Something went wrong", level: 1 })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/prisma|JobHidden|at .*\.js:\d+/i);
    await expectNoSeriousFinding(page);
    await screenshots(page, "error-page");
  } finally {
    await stack.query(`ALTER TABLE "JobHidden" RENAME TO "Job"`);
  }

  // The last-resort page (app/global-error.tsx): the root layout itself fails, reading a signed-in
  // visitor's session while the database refuses.
  const [name, value] = (await sessionCookie(stack, uniqueEmail("layout"))).split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: siteUrl }]);
  await stack.query(`ALTER TABLE "Session" RENAME TO "SessionHidden"`);
  try {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Something went wrong", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Something went wrong · pdftables");
    await expect(page.locator("body")).not.toContainText(/prisma|SessionHidden|at .*\.js:\d+/i);
    await expectNoSeriousFinding(page);
  } finally {
    await stack.query(`ALTER TABLE "SessionHidden" RENAME TO "Session"`);
  }
  await page.goto("/");
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
});

/** What the API's cells say, level by level (header and body cells; the document has no merged
 * cells, checked below), written out here apart from the page's own counting. */
function levelsOf(result: Result): Record<string, number> {
  const levels: Record<string, number> = {
    exact: 0,
    verified: 0,
    confirmed: 0,
    reviewed: 0,
    resolved: 0,
    unverified: 0,
    disputed: 0,
    blank: 0,
  };
  // A cell without a letter or digit that no reading disputes is counted as blank, apart.
  const disagree = (cell: Result["tables"][number]["rows"][number][number]) =>
    new Set(Object.values(cell.readings ?? {}).map((v) => v.trim())).size > 1;
  for (const table of result.tables)
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      if (!/[\p{L}\p{N}]/u.test(cell.value) && !(disagree(cell) && ["disputed", "unverified", "resolved"].includes(cell.confidence)))
        levels.blank! += 1;
      else levels[cell.confidence]! += 1;
    }
  return levels;
}

function countsText(result: Result): string {
  const l = levelsOf(result);
  return (
    `${result.tables.length} tables on ${result.pages.length} pages: ${l.verified! + l.exact!} verified, ${l.confirmed} confirmed, ${l.disputed} disputed, ${l.unverified} unverified` +
    `${l.resolved ? `, ${l.resolved} resolved` : ""}${l.reviewed ? `, ${l.reviewed} reviewed` : ""} cells${l.blank ? `, and ${l.blank} blank` : ""}.`
  );
}

test("on a phone, signed in: upload a two-page file, watch its pages finish, review it; every count agrees with the API", async ({
  browser,
  siteUrl,
  stack,
}) => {
  test.setTimeout(120_000);
  await stack.query(`DELETE FROM "TrialUsage" WHERE channel = 'web'`);
  const phone = await browser.newContext({ baseURL: siteUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const [name, value] = (await sessionCookie(stack, uniqueEmail("phone"))).split("=") as [string, string];
  await phone.addCookies([{ name, value, url: siteUrl }]);
  const page = await phone.newPage();
  const fitsTheScreen = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Upload.
  await page.goto("/");
  await expect(page.getByTestId("signed-in-as")).toBeVisible();
  await page
    .getByTestId("file-input")
    .setInputFiles({ name: "two pages.pdf", mimeType: "application/pdf", buffer: Buffer.from(await tablePagesPdfBytes(2)) });
  await expect(page.getByTestId("file-facts")).toContainText("2 pages");
  // The worker is held until the job page is open, so its first page is caught while the second waits.
  const jobId = await frozen(stack.workers[0]!.process, async () => {
    await page.getByRole("button", { name: "Extract tables" }).tap();
    await expect(page).toHaveURL(/\/jobs\/job_/);
    return jobIdFrom(page);
  });

  // The first page while the others run, then the result.
  // The review page of a job still running says so, and passes axe too.
  await frozenAfterPage(stack, jobId, 1, async () => {
    await expect(page.getByRole("table", { name: "Table 1 on page 1" })).toContainText(firstItemOf(1));
    await fitsTheScreen();
    await page.goto(`/jobs/${jobId}/review`);
    await expect(page.getByRole("status").filter({ hasText: "The extraction is not finished yet." })).toBeVisible();
    await expectNoSeriousFinding(page);
    await page.goto(`/jobs/${jobId}`);
    await expect(page.getByRole("table", { name: "Table 1 on page 1" })).toContainText(firstItemOf(1));
  });
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  await fitsTheScreen();

  // Every count on the result page is the API's.
  const job = (await (await page.request.get(`/v1/parse/${jobId}`)).json()) as { usage: { pages: number; cells: number }; result: Result };
  expect(job.result.tables.every((table) => (table.span_grid ?? []).length === 0)).toBe(true);
  expect(job.usage.pages).toBe(2);
  expect(Object.values(levelsOf(job.result)).reduce((a, b) => a + b, 0)).toBe(job.usage.cells);
  await expect(page.getByTestId("counts")).toHaveText(countsText(job.result));
  const queue = queueFromApi(job.result);
  expect(queue).toBeGreaterThan(0);
  await expect(page.getByTestId("review-count")).toHaveAttribute("data-count", String(queue));
  await expect(page.getByTestId("review-count")).toHaveText(`Review ${queue} cells against the page`);

  // Review on the phone: the same count; confirm one cell; all counts move together.
  await page.getByTestId("review-count").tap();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(queue));
  await expect(page.getByTestId("remaining")).toContainText(`${queue} cells left to check`);
  // Every number in the line ("24 cells left to check of 24 in the queue") is the same count.
  expect(new Set((await page.getByTestId("remaining").textContent())!.match(/\d+/g))).toEqual(new Set([String(queue)]));
  await expect(page.getByTestId("queue").getByRole("listitem")).toHaveCount(queue);
  await expect(page.getByTestId("cell-panel")).toBeVisible();
  await fitsTheScreen();
  await page.getByTestId("cell-panel").getByRole("button", { name: "Confirm", exact: true }).tap();
  await expect(page.getByTestId("review-message")).toContainText("Confirmed");
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(queue - 1));
  const after = await apiResult(page, jobId);
  expect(queueFromApi(after)).toBe(queue - 1);
  expect(levelsOf(after).confirmed).toBe(1);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("counts")).toHaveText(countsText(after));
  await expect(page.getByTestId("review-count")).toHaveAttribute("data-count", String(queue - 1));

  // The documents list counts the same pages.
  await page.goto("/documents");
  const row = page.getByTestId("documents").getByRole("row", { name: /two pages\.pdf/ });
  await expect(row.locator('td[data-label="Pages"]')).toHaveText("2");
  await fitsTheScreen();
  await phone.close();
});
