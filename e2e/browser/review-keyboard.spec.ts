// The review's "done when": a reviewer clears a real multi-page document's queue by keyboard alone,
// fixing both values and structure, and every count on the pages agrees with the API. The document
// is a two-page report (e2e/support/review.ts twoPageReportPdfBytes: a sales table per page, page
// 2 continuing page 1 under a repeated header, one cell per page whose text layer and drawn glyphs
// disagree), read by a worker with both OCR readings on (Tesseract and PaddleOCR, the service's
// default), so the queue is what the real readings make of it. After the result page opens, nothing is clicked: Tab reaches "Review N
// cells", and on the review page 1 accepts the OCR reading, K goes back, N merges the page-2 part
// into the table, C confirms the table's structure (which leaves the page-2 cell, whose readings
// disagree, to the person), E types the page-2 value.
import type { Page } from "@playwright/test";
import type { Result } from "../../lib/result/schema";
import { createKey, signIn as sessionCookie, submit, waitForJob } from "../support/api";
import { REPORT_CELLS, twoPageReportPdfBytes } from "../support/review";
import { expect, stackTest, uniqueEmail } from "./fixtures";
import { apiResult, queueFromApi } from "./review-helpers";

const test = stackTest({ OCR_ENGINES: "ocr-1,ocr-2" });

/** Moves through the queue with J until the selected cell reads `value` (at most `limit` steps). */
async function jTo(page: Page, value: string, limit = 40): Promise<void> {
  const shown = page.getByTestId("cell-value");
  for (let step = 0; step < limit && (await shown.textContent()) !== value; step++) await page.keyboard.press("j");
  await expect(shown).toHaveText(value);
}

test("a two-page OCR'd report's queue is cleared by keyboard alone, values and structure, and every count agrees", async ({
  page,
  stack,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("keyboard");
  const key = await createKey(stack, email, 5);
  const accepted = await submit(stack, {
    bytes: await twoPageReportPdfBytes(),
    name: "sales report.pdf",
    headers: { authorization: `Bearer ${key}` },
  });
  expect(accepted.status).toBe(202);
  const jobId = String(accepted.body.id);
  expect((await waitForJob(stack, jobId, { authorization: `Bearer ${key}` }, 120_000)).body.status).toBe("done");
  const [name, value] = (await sessionCookie(stack, email)).split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: stack.baseUrl.replace("127.0.0.1", "localhost") }]);

  // What the real readings made of it: two tables (page 2 continues page 1), one disputed cell each.
  const before = await apiResult(page, jobId);
  expect(before.tables.map((t) => [t.page, t.header, t.rows.length])).toEqual([
    [1, ["Region", "2023", "2024", "2025"], 4],
    [2, ["Region", "2023", "2024", "2025"], 4],
  ]);
  for (const [i, cell] of REPORT_CELLS.entries()) {
    expect(before.tables[i]!.rows[1]![2]).toMatchObject({ value: cell.hidden, confidence: "disputed", provisional: true });
  }
  const queued = queueFromApi(before);
  expect(queued).toBeGreaterThanOrEqual(2);
  test.info().annotations.push({ type: "queue", description: `${queued} cells queued before the review` });

  await page.goto(`/jobs/${jobId}`);
  const link = page.getByTestId("review-count");
  await expect(link).toHaveAttribute("data-count", String(queued));
  // Keyboard alone from here: Tab to the review link, Enter.
  for (let tab = 0; tab < 60 && !(await link.evaluate((el) => el === document.activeElement)); tab++) await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  const remaining = page.getByTestId("remaining");
  await expect(remaining).toHaveAttribute("data-count", String(queued));
  // The page is live (the crop is drawn in the browser) before a key is pressed.
  await expect(page.getByTestId("cell-crop")).toBeVisible();

  // Page 1: the page shows 42; reading 1 is ocr-1's (source order).
  await jTo(page, REPORT_CELLS[0].hidden);
  await expect(page.getByTestId("readings").getByRole("listitem").first()).toContainText("ocr-1");
  await page.keyboard.press("1");
  await expect(page.getByTestId("review-message")).toContainText(`Confirmed “${REPORT_CELLS[0].shown}”`);
  await expect(remaining).toHaveAttribute("data-count", String(queued - 1));

  // Structure: back to a page-1 cell (K) and merge the page-2 part into its table (N).
  for (let step = 0; step < 40 && (await page.locator("#cell-heading").textContent())?.startsWith("Page 2"); step++)
    await page.keyboard.press("k");
  await expect(page.locator("#cell-heading")).toContainText("Page 1, table 1");
  await page.keyboard.press("n");
  await expect(page.getByTestId("review-message")).toContainText("Merged the table with the next one");
  await expect(page.getByTestId("review-grid").locator("tbody tr")).toHaveCount(8);

  // Confirm the table's structure (C): every cell no reading contradicts is confirmed; page 2's
  // cell, whose readings disagree about its value, stays in the queue for a person.
  await jTo(page, REPORT_CELLS[1].hidden);
  await expect(page.locator("#cell-heading")).toHaveText("Page 1, table 1, row 6, column 3");
  await page.keyboard.press("c");
  await expect(page.getByTestId("review-message")).toContainText("Confirmed the structure of table 1 on page 1");
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  await expect(remaining).toHaveAttribute("data-count", "1");
  const confirmed = (await apiResult(page, jobId)).tables[0]!;
  const cells = [...confirmed.header_cells, ...confirmed.rows.flat()];
  expect(cells.filter((cell) => cell.confidence !== "confirmed")).toEqual([
    expect.objectContaining({ value: REPORT_CELLS[1].hidden, confidence: "disputed", provisional: true }),
  ]);
  expect(cells.filter((cell) => cell.sources.includes("human-review"))).toHaveLength(cells.length - 1);

  // The page shows 68: type it (E, the value, Enter).
  await page.keyboard.press("e");
  await expect(page.getByLabel("Type the value as it reads on the page")).toBeFocused();
  await page.keyboard.type(REPORT_CELLS[1].shown);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("review-message")).toContainText(`Confirmed “${REPORT_CELLS[1].shown}”`);
  await expect(page.getByTestId("review-message")).toContainText("Every cell in the queue is settled");
  await expect(remaining).toHaveAttribute("data-count", "0");
  await expect(remaining).toContainText("Nothing left to check");

  // The API has every edit; all three counts are 0.
  const after: Result = await apiResult(page, jobId);
  expect(after.tables).toHaveLength(1);
  const table = after.tables[0]!;
  expect(table.rows.map((row) => row[0]!.value)).toEqual(["North", "South", "East", "West", "North", "South", "East", "West"]);
  expect(table.rows[1]![2]).toMatchObject({
    value: REPORT_CELLS[0].shown,
    confidence: "confirmed",
    readings: { "pdf-text": REPORT_CELLS[0].hidden },
  });
  expect(table.rows[5]![2]).toMatchObject({ value: REPORT_CELLS[1].shown, confidence: "confirmed" });
  for (const cell of [...table.header_cells, ...table.rows.flat()]) {
    expect(cell.confidence).toBe("confirmed");
    expect(cell.sources).toContain("human-review");
    expect(cell.provisional).toBeUndefined();
  }
  expect(queueFromApi(after)).toBe(0);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("review-count")).toHaveCount(0);
  await expect(page.getByTestId("counts")).toContainText("0 disputed, 0 unverified");
  await page.goto(`/jobs/${jobId}/review`);
  await expect(remaining).toHaveAttribute("data-count", "0");
});
