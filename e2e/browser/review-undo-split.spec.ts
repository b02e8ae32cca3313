// Undo after splitting a table (T, then U) selects the cell it was pressed on again, in the table
// that was split: not the table that now has the new table's number (the next table on the page),
// where the next Del used to delete a row.
import { expect, test } from "./fixtures";
import { apiResult, editStoredResult, fruitJob } from "./review-helpers";

test("T then U keeps the selection in the split table; the next Del deletes a row there, not in the next table", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "undo-split");
  // A second table below the fruit table on the same page.
  editStoredResult(stack, jobId, (result) => {
    const fruit = result.tables[0]!;
    const rows = fruit.rows.map((row, r) =>
      row.map((cell, c) => ({ ...cell, value: c === 0 ? `Nut ${r + 1}` : cell.value, bbox: undefined })),
    );
    result.tables.push({ ...fruit, index: 1, order: (fruit.order ?? 0) + 1, rows, bbox: undefined, span_grid: undefined });
  });
  const before = await apiResult(page, jobId);
  expect(before.tables.map((t) => t.rows.length)).toEqual([3, 3]);
  await page.goto(`/jobs/${jobId}/review`);
  const grid = page.getByTestId("review-grid");
  await grid.locator('[data-ref="1:0:1:0"]').click();
  await page.keyboard.press("t");
  await expect(page.getByTestId("review-message")).toContainText("Split the table");
  expect((await apiResult(page, jobId)).tables).toHaveLength(3);

  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  await expect(page.getByTestId("review-grid")).toHaveAttribute("aria-label", "Table 1 on page 1");
  await expect(grid.locator('[data-ref="1:0:1:0"]')).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("Delete");
  await expect(page.getByTestId("review-message")).toContainText("Deleted row 2");
  const after = await apiResult(page, jobId);
  expect(after.tables.map((t) => t.rows.map((row) => row[0]!.value))).toEqual([
    [before.tables[0]!.rows[0]![0]!.value, before.tables[0]!.rows[2]![0]!.value],
    ["Nut 1", "Nut 2", "Nut 3"],
  ]);
});
