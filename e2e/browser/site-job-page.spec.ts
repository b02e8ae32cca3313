// The job page while the extraction waits and runs (issue 16), in a real browser: a three-page
// document shows its first page's table, with each cell's confidence mark, while the later pages
// still run; a reload shows it again (stored, not held by the browser); then the finished result.
// And no serious axe finding on the pages around it: waiting and running job pages, sign-in (also
// with an error), the e-mail-sent page, not-found, a failed job and the error page.
//
// Deterministic without sleeps: the worker pauses 4 s after each page (WORKER_PAGE_DELAY_MS), and
// once page 1 is on screen the test freezes the worker (SIGSTOP) for its checks, so page 2 cannot
// finish meanwhile, however slow the machine.
import type { Page } from "@playwright/test";
import type { Result } from "../../lib/result/schema";
import { firstItemOf, tablePagesPdfBytes } from "../support/table-pages";
import { tablePdfBytes } from "../support/review";
import { seriousAxeFindings } from "./axe-check";
import { dropPdf, expect, jobIdFrom, screenshots, stackTest } from "./fixtures";

const test = stackTest({ WORKER_PAGE_DELAY_MS: "4000" });

async function frozen<T>(worker: { kill(signal: NodeJS.Signals): boolean }, body: () => Promise<T>): Promise<T> {
  worker.kill("SIGSTOP");
  try {
    return await body();
  } finally {
    worker.kill("SIGCONT");
  }
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
  await frozen(worker, async () => {
    await page.getByRole("button", { name: "Extract tables" }).click();
    await expect(page).toHaveURL(/\/jobs\/job_/);
    await expect(page.getByTestId("job-queue")).toHaveText("Next in the queue");
    await expect(page.getByTestId("finished-pages")).toHaveCount(0);
    await expectNoSeriousFinding(page);
  });

  // Page 1 appears on its own while the job runs.
  const firstTable = page.getByRole("table", { name: "Table 1 on page 1" });
  await expect(firstTable).toContainText(firstItemOf(1), { timeout: 30_000 });
  await frozen(worker, async () => {
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
  const answer = await request.get(`/v1/parse/${jobIdFrom(page)}`);
  const result = (await answer.json()).result as Result;
  const cells = result.tables.filter((t) => t.page === 1).flatMap((t) => t.rows.flat());
  expect(cells.find((cell) => cell.value === firstItemOf(1))?.confidence).toBe(markWhileRunning);
  await expect(page.getByRole("table", { name: "Table 1 on page 1" }).locator("td", { hasText: firstItemOf(1) }).locator("[data-mark]")).toHaveAttribute("data-mark", markWhileRunning);
});

test("no serious accessibility finding on sign-in, e-mail sent, not-found, a failed job and the error page", async ({ page, stack }) => {
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

  // A job the worker could not process: the job page says so (the state the worker writes).
  await page.goto("/");
  await dropPdf(page, await tablePdfBytes(), "one page.pdf");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page).toHaveURL(/\/jobs\/job_/);
  const jobId = jobIdFrom(page);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  await stack.query(`UPDATE "Job" SET state = 'failed', detail = 'the document could not be processed; nothing was charged' WHERE id = $1`, [jobId]);
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
});
