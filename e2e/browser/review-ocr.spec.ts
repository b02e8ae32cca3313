// The review journey on a disputed cell the real pipeline found: a worker
// with the Tesseract reading on, a PDF whose text layer says 17 where the page shows 42. The
// signed-in owner drops it on the uploader, sees one disputed cell, opens the review with the
// keyboard, accepts the OCR reading with "1" (readings come in source order: ocr-1 before
// pdf-text), and finds 42 confirmed in the API result and the
// downloaded xlsx, with both readings kept. (web-app.spec.ts covers the rest of the review keys on
// cells made disputed by hand, without paying for OCR.)
import ExcelJS from "exceljs";
import type { Result } from "../../lib/result/schema";
import { admin } from "../support/api";
import { DISPUTED_CELL, makeDisputedTablePdf } from "../../tests/pdf/ocr-test-pdfs";
import { dropPdf, expect, jobIdFrom, signIn, stackTest, uniqueEmail } from "./fixtures";

const test = stackTest({ OCR_ENGINES: "ocr-1" });

test("a cell the text layer and OCR read differently is settled on the review page", async ({ page, stack }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("ocr-reviewer");
  await signIn(page, stack, email);
  await admin(stack, ["credit", "--email", email, "--usd", "5"]);
  await page.goto("/");
  await dropPdf(page, await makeDisputedTablePdf("17", "42"), "sales by region.pdf");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 90_000 });
  const jobId = jobIdFrom(page);
  // When the files go: finished + RETENTION_SECONDS (24 h in tests).
  const deletion = /deleted at (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC/.exec((await page.getByText(/deleted at/).textContent()) ?? "");
  expect(deletion).not.toBeNull();
  const hoursAway = (Date.parse(`${deletion![1]!.replace(" ", "T")}:00Z`) - Date.now()) / 3_600_000;
  expect(hoursAway).toBeGreaterThan(23.9);
  expect(hoursAway).toBeLessThanOrEqual(24);
  await expect(page.getByTestId("counts")).toContainText("1 disputed");
  await expect(page.locator('td[data-confidence="disputed"]')).toHaveCount(1);
  await expect(page.locator('td[data-confidence="disputed"]')).toContainText("17");

  await page.getByRole("link", { name: /^Review \d+ cells? against the page$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  const panel = page.getByTestId("cell-panel");
  await expect(panel.getByTestId("cell-confidence")).toHaveText("disputed");
  await expect(panel.getByTestId("cell-value")).toHaveText("17");
  const readings = panel.getByRole("list", { name: "Readings" });
  await expect(readings.getByRole("listitem")).toHaveCount(2);
  await expect(readings.getByRole("listitem").nth(0)).toContainText("42");
  await expect(readings.getByRole("listitem").nth(0)).toContainText("ocr-1");
  await expect(readings.getByRole("listitem").nth(1)).toContainText("17");
  await expect(readings.getByRole("listitem").nth(1)).toContainText("pdf-text");

  // Every other cell is verified by both readings, so this is the whole queue.
  await expect(page.getByTestId("remaining")).toContainText("1 cell");
  // The page shows 42: accept the first reading (ocr-1); the queue is then done.
  await page.keyboard.press("1");
  await expect(page.getByTestId("review-message")).toContainText("Every cell in the queue is settled");
  await expect(page.getByTestId("remaining")).toContainText("Nothing left to check");

  const api = (await (await page.request.get(`/v1/parse/${jobId}`)).json()) as { result: Result };
  const cell = api.result.tables[0]!.rows[DISPUTED_CELL.row]![DISPUTED_CELL.column]!;
  expect(cell).toMatchObject({ value: "42", confidence: "confirmed", readings: { "pdf-text": "17", "ocr-1": "42" } });
  expect(cell.sources).toContain("human-review");
  expect(cell.provisional).toBeUndefined();

  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("counts")).toContainText("0 disputed");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "XLSX" }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  book.getWorksheet("cells")!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ""))));
  expect(rows).toContainEqual(
    expect.arrayContaining(["1", "0", String(DISPUTED_CELL.row), String(DISPUTED_CELL.column), "42", "confirmed"]),
  );
});
