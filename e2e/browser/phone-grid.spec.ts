// A wide table on a phone (390 x 844): the sticky first column stays narrower than half the scroll
// box however long its labels, every other column is at least ~88 px wide, and the last column's
// numbers can be scrolled into view beside the sticky column.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editStoredResult, fruitJob } from "./review-helpers";

/** Geometry of the first table's scroller and its cells, in CSS pixels. */
async function geometry(page: Page) {
  return await page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('[data-testid="grid-scroller"]')!;
    const frame = box.getBoundingClientRect();
    const row = box.querySelector("tbody tr")!;
    const cells = [...row.children].map((cell) => cell.getBoundingClientRect());
    return {
      boxWidth: box.clientWidth,
      boxLeft: frame.left,
      boxRight: frame.left + box.clientWidth,
      cells: cells.map((c) => ({ left: c.left, right: c.right, width: c.width })),
    };
  });
}

test("on a phone, a wide table's sticky first column leaves its numbers reachable", async ({ page, stack }) => {
  const jobId = await fruitJob(page, stack, "phone-grid");
  // Make the table wide, with row labels far longer than a phone's screen.
  editStoredResult(stack, jobId, (result) => {
    const table = result.tables[0]!;
    const extra = 8;
    const widen = <T>(cells: T[], make: (k: number) => T) => [...cells, ...Array.from({ length: extra }, (_, k) => make(k))];
    table.header_cells = widen(table.header_cells, (k) => ({
      value: `Quarter ${k + 1} of the year`,
      confidence: "verified" as const,
      sources: ["pdf-text" as const, "ocr-1" as const],
    }));
    table.header = table.header_cells.map((cell) => cell.value);
    table.rows = table.rows.map((row, r) => {
      const [first, ...rest] = row;
      const label = { ...first!, value: `${first!.value} grown in the southern orchards of the valley, graded and packed (row ${r + 1})` };
      return widen([label, ...rest], (k) => ({
        value: `${(r + 1) * 1000 + k}.5`,
        confidence: "verified" as const,
        sources: ["pdf-text" as const, "ocr-1" as const],
      }));
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const scroller = page.getByTestId("grid-scroller").first();
  await expect(scroller).toBeVisible();
  const before = await geometry(page);
  const [first, second] = before.cells;
  expect(first!.width).toBeLessThanOrEqual(before.boxWidth / 2);
  expect(second!.width).toBeGreaterThanOrEqual(80);
  // Scroll to the far right: the last column lies wholly beside the sticky first column.
  await scroller.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  const after = await geometry(page);
  const last = after.cells[after.cells.length - 1]!;
  const sticky = after.cells[0]!;
  expect(sticky.left).toBeGreaterThanOrEqual(after.boxLeft - 1);
  expect(last.left).toBeGreaterThanOrEqual(sticky.right - 1);
  expect(last.right).toBeLessThanOrEqual(after.boxRight + 1);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
