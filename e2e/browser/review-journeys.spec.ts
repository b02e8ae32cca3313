// The review page people can work through, in Chromium over the real web and worker
// processes: an honest queue whose count is the same on the result page, the review page and in
// the API's cells; readings in one fixed order through save and undo; structure edits (merge two
// cells, split a table, merge and split header cells) that the API, the xlsx and the csv all show,
// refused with 409 when stale;
// no serious axe finding on the result and review pages; a phone-size pass through both.
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import yauzl from "yauzl";
import type { Page } from "@playwright/test";
import { ARTIFACTS_DIR, expect, test } from "./fixtures";
import { apiResult, editStoredResult, fruitJob, makeQueueCases, queueFromApi } from "./review-helpers";

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Whether the element `inner` lies wholly inside what the scrolling box `outer` shows. */
async function insideOf(page: Page, outer: string, inner: string): Promise<boolean> {
  return await page.evaluate(
    ([o, i]) => {
      const box = document.querySelector(o!)!.getBoundingClientRect();
      const item = document.querySelector(i!)!.getBoundingClientRect();
      return item.left >= box.left - 1 && item.right <= box.right + 1 && item.top >= box.top - 1 && item.bottom <= box.bottom + 1;
    },
    [outer, inner],
  );
}

/** The text files of a zip, by name, in the zip's order. */
function unzipText(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("not a zip"));
      const files = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error("no stream"));
          const parts: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => parts.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(parts).toString("utf8"));
            zip.readEntry();
          });
        }),
      );
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

async function readingsShown(page: Page): Promise<string[]> {
  // Key, value and source of each reading, as the buttons show them.
  return await page
    .getByTestId("readings")
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => Array.from(item.querySelectorAll("kbd, span"), (part) => part.textContent?.trim()).join(" ")),
    );
}

test("the queue count is one number on the result page, the review page and in the API; readings keep their order through save and undo", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "queue");
  makeQueueCases(stack, jobId);
  await page.reload();
  const expected = queueFromApi(await apiResult(page, jobId));
  expect(expected).toBe(8);
  const button = page.getByTestId("review-count");
  await expect(button).toHaveText(`Review ${expected} cells against the page`);
  // A blank cell nobody doubts is white and unmarked; the disputed one carries its mark.
  await expect(page.locator('td[data-ref="1:0:1:1"]')).toHaveAttribute("data-blank", "");
  await expect(page.locator('td[data-ref="1:0:1:1"]')).not.toHaveClass(/bg-conf/);
  await expect(page.locator('td[data-ref="1:0:0:2"] [data-mark="disputed"]')).toBeVisible();
  // Click (or tap) a cell: its readings, in source order, not in a tooltip.
  await page.locator('td[data-ref="1:0:0:2"]').click();
  await expect(page.getByTestId("cell-details").getByRole("listitem")).toHaveText([/1\.20\s*ocr-1/, /1\.28\s*ocr-2/, /1\.20\s*pdf-text/]);
  // Problems only hides the rows without a cell to check (Plums: resolved and verified).
  await expect(page.locator("table.result-grid tbody tr:visible")).toHaveCount(3);
  await page.getByTestId("problems-only").check();
  await expect(page.locator("table.result-grid tbody tr:visible")).toHaveCount(2);
  await expect(page.locator("table.result-grid tbody tr:visible", { hasText: "Plums" })).toHaveCount(0);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await button.click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(expected));
  // Disputed first: the price, its readings in source order whatever the stored key order.
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  const order = ["1 1.20 ocr-1", "2 1.28 ocr-2", "3 1.20 pdf-text"];
  expect(await readingsShown(page)).toEqual(order);
  // The keyboard help is on screen without scrolling.
  await expect(page.getByTestId("shortcuts")).toBeInViewport();
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.keyboard.press("2");
  await expect(page.getByTestId("review-message")).toContainText("Confirmed “1.28”");
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(expected - 1));
  await page.keyboard.press("k");
  await expect(page.getByTestId("cell-confidence")).toHaveText("confirmed");
  expect(await readingsShown(page)).toEqual(order);
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  expect(await readingsShown(page)).toEqual(order);
  await page.reload();
  expect(await readingsShown(page)).toEqual(order);

  // Settle one more; all three counts move together.
  await page.keyboard.press("1");
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(expected - 1));
  const after = queueFromApi(await apiResult(page, jobId));
  expect(after).toBe(expected - 1);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("review-count")).toHaveAttribute("data-count", String(after));
  // Resolved cells are behind the filter only.
  await page.goto(`/jobs/${jobId}/review`);
  await page.getByTestId("queue-filter").getByLabel("resolved").check();
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(after + 1));
});

test("structure edits: merge two cells, split the table; the API, xlsx and csv show them; a stale version is refused", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "structure");
  await page.goto(`/jobs/${jobId}/review`);
  const grid = page.getByTestId("review-grid");
  await grid.locator('[data-ref="1:0:0:0"]').click();
  // The viewer follows the selection: the row and column of the cell are banded on the page.
  await expect(page.getByTestId("row-band")).toBeVisible();
  await expect(page.getByTestId("column-band")).toBeVisible();
  await expect(page.getByTestId("cell-crop")).toBeVisible();
  await page.keyboard.press("m");
  await expect(page.getByTestId("review-message")).toContainText("Merged");
  await expect(grid.locator('[data-ref="1:0:0:0"]')).toHaveAttribute("colspan", "2");
  await expect(grid.locator('[data-ref="1:0:0:0"]')).toContainText("Apples 3");
  // S splits it again, into the parts typed (guessed from the text); M merges once more.
  await page.keyboard.press("s");
  await expect(page.getByLabel("Parts of the cell, left to right, separated by |")).toHaveValue("Apples | 3");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("review-message")).toContainText("Split the cell into 2 parts");
  await expect(grid.locator('[data-ref="1:0:0:1"]')).toContainText("3");
  await expect(grid.locator('[data-ref="1:0:0:0"]')).not.toHaveAttribute("colspan", /.*/);
  await page.keyboard.press("m");
  await expect(grid.locator('[data-ref="1:0:0:0"]')).toHaveAttribute("colspan", "2");
  await grid.locator('[data-ref="1:0:1:0"]').click();
  await page.keyboard.press("t");
  await expect(page.getByTestId("review-message")).toContainText("Split the table");
  await expect(page.getByTestId("review-grid")).toHaveAttribute("aria-label", "Table 2 on page 1");

  const result = await apiResult(page, jobId);
  expect(result.tables.map((t) => [t.page, t.index, t.rows.map((row) => row.map((cell) => cell.value))])).toEqual([
    [1, 0, [["Apples 3", "", "1.20"]]],
    [
      1,
      1,
      [
        ["Pears", "12", "0.80"],
        ["Plums", "7", "2.10"],
      ],
    ],
  ]);
  expect(result.tables[0]!.span_grid).toEqual([{ row: 0, col: 0, row_span: 1, col_span: 2 }]);
  expect(result.tables[0]!.rows[0]![0]).toMatchObject({ confidence: "confirmed", sources: ["human-review"] });
  expect(result.tables[1]!.header).toEqual([]);

  // CSV: one file per table, in a zip named like the xlsx sheets (two tables now).
  const csv = await page.request.get(`/v1/parse/${jobId}/export?format=csv`);
  expect(csv.headers()["content-type"]).toBe("application/zip");
  const csvFiles = await unzipText(Buffer.from(await csv.body()));
  expect([...csvFiles.keys()]).toEqual(["Table 1 on page 1.csv", "Table 2 on page 1.csv"]);
  expect(csvFiles.get("Table 1 on page 1.csv")!.replace(/^\uFEFF/, "")).toBe("Item,Qty,Price\r\nApples 3,,1.20\r\n");
  expect(csvFiles.get("Table 2 on page 1.csv")!.replace(/^\uFEFF/, "")).toBe("Pears,12,0.80\r\nPlums,7,2.10\r\n");
  const xlsx = await page.request.get(`/v1/parse/${jobId}/export?format=xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await xlsx.body()) as unknown as ArrayBuffer);
  const audit: string[][] = [];
  book.getWorksheet("cells")!.eachRow((row) => audit.push((row.values as unknown[]).slice(1, 7).map((value) => String(value ?? ""))));
  expect(audit).toContainEqual(["1", "0", "0", "0", "Apples 3", "confirmed"]);
  expect(audit).toContainEqual(["1", "1", "0", "0", "Pears", "unverified"]);
  expect(book.worksheets.filter((sheet) => !["legend", "prose", "cells"].includes(sheet.name))).toHaveLength(2);

  // A save against the structure version before the split is refused, and nothing changes.
  const stale = await page.evaluate(async (id) => {
    const response = await fetch(`/jobs/${id}/review/structure`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version: 1, op: { kind: "merge-next", page: 1, table: 0 } }),
    });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  }, jobId);
  expect(stale.status).toBe(409);
  expect(stale.body.detail).toMatch(/reload the page/);
  expect((await apiResult(page, jobId)).tables).toHaveLength(2);

  // Undo takes the split back; the merge stays.
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  const undone = await apiResult(page, jobId);
  expect(undone.tables).toHaveLength(1);
  expect(undone.tables[0]!.rows.map((row) => row[0]!.value)).toEqual(["Apples 3", "Pears", "Plums"]);
  // After a reload (a new visit, no undo history in the page) the latest table change can still be undone.
  await page.reload();
  await page.getByRole("button", { name: "Undo last table change" }).click();
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  expect((await apiResult(page, jobId)).tables[0]!.rows[0]!.map((cell) => cell.value)).toEqual(["Apples", "3", "1.20"]);

  // The header row: M merges two column names into one label, S splits it back into its parts.
  await grid.locator('[data-ref="1:0:h:0"]').click();
  await page.keyboard.press("m");
  await expect(page.getByTestId("review-message")).toContainText("one label over both columns");
  await expect(grid.locator('[data-ref="1:0:h:0"]')).toContainText("Item Qty");
  expect((await apiResult(page, jobId)).tables[0]!.header).toEqual(["Item Qty", "", "Price"]);
  await page.keyboard.press("s");
  await expect(page.getByLabel("Parts of the cell, left to right, separated by |")).toHaveValue("Item | Qty");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("review-message")).toContainText("Split the cell into 2 parts");
  const header = (await apiResult(page, jobId)).tables[0]!.header_cells;
  expect(header.map((cell) => [cell.value, cell.confidence])).toEqual([
    ["Item", "confirmed"],
    ["Qty", "confirmed"],
    ["Price", "unverified"],
  ]);
  // Shift+M on a header cell: the row below joins the header; U takes it back.
  await page.keyboard.press("Shift+M");
  await expect(page.getByTestId("review-message")).toContainText("The row below is part of the header now");
  await expect(grid.locator('[data-ref="1:0:h:0"]')).toContainText("Item Apples");
  expect((await apiResult(page, jobId)).tables[0]!.rows).toHaveLength(2);
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  expect((await apiResult(page, jobId)).tables[0]!.rows).toHaveLength(3);
});

test("confirm the table's structure (C): every cell no reading contradicts is confirmed, value disputes stay; three counts agree", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "confirm-structure");
  makeQueueCases(stack, jobId);
  await page.goto(`/jobs/${jobId}/review`);
  const remaining = page.getByTestId("remaining");
  await expect(remaining).toHaveAttribute("data-count", "8");
  // The page is live (the crop is drawn in the browser) before a key is pressed.
  await expect(page.getByTestId("cell-crop")).toBeVisible();
  await page.keyboard.press("c");
  await expect(page.getByTestId("review-message")).toContainText("Confirmed the structure of table 1 on page 1");
  // Left: the price whose readings say 1.20 and 1.28, and the blank cell another reading saw 0.80 in.
  await expect(remaining).toHaveAttribute("data-count", "2");
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  const result = await apiResult(page, jobId);
  const cells = [...result.tables[0]!.header_cells, ...result.tables[0]!.rows.flat()];
  expect(cells.filter((cell) => cell.confidence === "confirmed" && cell.sources.includes("human-review"))).toHaveLength(10);
  expect(cells.filter((cell) => cell.confidence === "disputed").map((cell) => cell.readings)).toEqual([
    { "ocr-1": "1.20", "ocr-2": "1.28", "pdf-text": "1.20" },
    { "ocr-1": "0.80", "pdf-text": "" },
  ]);
  expect(queueFromApi(result)).toBe(2);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("review-count")).toHaveAttribute("data-count", "2");
  // Settling the two values empties the queue.
  await page.goto(`/jobs/${jobId}/review`);
  await expect(page.getByTestId("cell-crop")).toBeVisible();
  await page.keyboard.press("1");
  await expect(remaining).toHaveAttribute("data-count", "1");
  await page.keyboard.press("2");
  await expect(page.getByTestId("review-message")).toContainText("Every cell in the queue is settled");
  expect(queueFromApi(await apiResult(page, jobId))).toBe(0);
});

test("a phone: the result page scrolls a wide table sideways with a hint and a sticky first column; the review page works", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "phone");
  makeQueueCases(stack, jobId);
  // A wide table: six more columns, as statistics tables have.
  editStoredResult(stack, jobId, (result) => {
    const table = result.tables[0]!;
    for (let extra = 0; extra < 6; extra++) {
      table.header_cells.push({ value: `Year ${2019 + extra}`, confidence: "unverified", sources: ["pdf-text"] });
      for (const row of table.rows) row.push({ value: `${100 + extra}.5`, confidence: "verified", sources: ["ocr-1", "pdf-text"] });
    }
    table.header = table.header_cells.map((cell) => cell.value);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("scroll-hint")).toHaveText("Scroll sideways to see all 9 columns →");
  const scroller = page.getByTestId("grid-scroller").first();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // By keyboard: the scroller takes focus and the arrow keys scroll it; the first column stays put.
  await scroller.focus();
  const firstCell = page.locator('td[data-ref="1:0:0:0"]');
  const leftBefore = (await firstCell.boundingBox())!.x;
  for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(50);
  expect(Math.abs((await firstCell.boundingBox())!.x - leftBefore)).toBeLessThan(2);
  expect(await seriousAxeFindings(page)).toEqual([]);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "result-phone-wide.png"), fullPage: true });

  await page.getByTestId("review-count").click();
  await expect(page.getByTestId("cell-panel")).toBeVisible();
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  await expect(page.locator('[data-testid="page-viewer"] canvas')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Tap the blank cell two readings disagree about, then its first reading.
  await page
    .getByTestId("queue")
    .getByRole("button", { name: /\(empty\)/ })
    .click();
  await expect(page.getByTestId("cell-confidence")).toHaveText("disputed");
  await page.getByTestId("readings").getByRole("button").first().click();
  await expect(page.getByTestId("review-message")).toContainText("Confirmed “0.80”");
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "review-phone.png"), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/jobs/${jobId}/review`);
  await expect(page.getByTestId("cell-crop")).toBeVisible();
  // The viewer is zoomed to the table (more than 1 CSS px a point at this width) and the cell's box
  // is inside what it shows; the crop is 3-4x.
  const viewer = page.getByTestId("page-viewer");
  expect(Number(await viewer.getAttribute("data-scale"))).toBeGreaterThan(1);
  expect(await insideOf(page, '[data-testid="page-viewer"]', '[data-testid="page-viewer"] [data-ref="1:0:0:2"]')).toBe(true);
  const crop = (await page.getByTestId("cell-crop").boundingBox())!;
  expect(crop.height).toBeGreaterThan(100);
  // The grid follows the selection: the last column's header, far to the right, is scrolled into view.
  await page
    .getByTestId("queue")
    .getByRole("button", { name: /Year 2024/ })
    .click();
  await expect(page.getByTestId("cell-value")).toHaveText("Year 2024");
  await expect.poll(() => insideOf(page, '[data-testid="grid-scroller"]', '[data-testid="review-grid"] [data-ref="1:0:h:8"]')).toBe(true);

  await page.getByTestId("queue").getByRole("button", { name: /1\.20/ }).first().click();
  await expect(page.getByTestId("cell-crop")).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, "review-desktop-new.png") });
  // The docs' screenshots are refreshed on request only: a test run must not change tracked files.
  if (process.env.UPDATE_DOCS_SCREENSHOTS === "1") {
    const docs = path.join(import.meta.dirname, "..", "..", "docs");
    fs.copyFileSync(path.join(ARTIFACTS_DIR, "review-desktop-new.png"), path.join(docs, "review-workspace.png"));
    fs.copyFileSync(path.join(ARTIFACTS_DIR, "review-phone.png"), path.join(docs, "review-page-phone.png"));
    fs.copyFileSync(path.join(ARTIFACTS_DIR, "result-phone-wide.png"), path.join(docs, "result-page-phone.png"));
  }
});
