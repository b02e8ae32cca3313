// A spreadsheet through the web app with ACCEPT_FORMATS on: the uploader offers spreadsheets, the
// dropped XLSX (sent as any file; the server decides from the bytes) becomes a job whose page shows
// its tables with the values as the sheet shows them, and the review page draws the sheet as a
// grid on the left, each cell's box over its value's ink.
import type { Result } from "../../lib/result/schema";
import { admin } from "../support/api";
import { WORKBOOK, workbookXlsx } from "../../tests/inputs/make-inputs";
import { dropPdf, expect, jobIdFrom, screenshots, signIn, stackTest, uniqueEmail } from "./fixtures";

const test = stackTest({ ACCEPT_FORMATS: "pdf,image,spreadsheet" });

test("an XLSX is uploaded on the web, its tables shown, and its sheet drawn on the review page", async ({ page, stack }) => {
  const email = uniqueEmail("sheets");
  await signIn(page, stack, email);
  await admin(stack, ["credit", "--email", email, "--usd", "5"]);
  await page.goto("/");
  await expect(page.getByTestId("file-facts")).toContainText("PDF, images or XLSX and CSV, up to 600 MB.");
  await expect(page.getByTestId("file-input")).toHaveAttribute("accept", /\.xlsx/);
  await dropPdf(page, await workbookXlsx(), "sales.xlsx");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  const jobId = jobIdFrom(page);
  await expect(page.getByText("2 pages · spreadsheet: values read from the file")).toBeVisible();
  await expect(
    page.getByRole("table", { name: `Sheet “${WORKBOOK.sheet}” (page 1)` }).locator("td", { hasText: "1,234.50" }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: `Sheet “${WORKBOOK.secondSheet}” (page 2)` })).toBeVisible();
  // Every value is exact; the formula the file keeps no result for is the one unverified cell.
  await expect(page.locator('td[data-confidence="unverified"]')).toHaveCount(1);
  await screenshots(page, "sheet-result");

  const api = (await (await page.request.get(`/v1/parse/${jobId}`)).json()) as { result: Result };
  const table = api.result.tables.find((t) => t.sheet === WORKBOOK.sheet)!;
  const pageWidth = api.result.pages[0]!.width;
  await page.goto(`/jobs/${jobId}/review`);
  const canvas = page.locator('[data-testid="page-viewer"] canvas');
  await expect(canvas).toBeVisible();
  // The queue holds no cell (the unverified formula cell is blank with one reading, which the
  // queue leaves out like any blank cell nobody disputes); the panel shows the first cell, exact.
  await expect(page.getByTestId("cell-panel").getByTestId("cell-confidence")).toHaveText("exact");
  await expect(page.getByTestId("cell-panel")).toContainText("Sources: source-data");
  const inkIn = (bbox: readonly [number, number, number, number]) =>
    canvas.evaluate(
      (element: HTMLCanvasElement, [box, width]) => {
        const perPoint = element.width / width;
        const [x0, y0, x1, y1] = box.map((v) => Math.round(v * perPoint)) as [number, number, number, number];
        // Inside the cell's rules, so the grid's own lines are not counted as its ink.
        const inset = Math.ceil(2 * perPoint);
        const data = element
          .getContext("2d")!
          .getImageData(x0 + inset, y0 + inset, Math.max(1, x1 - x0 - 2 * inset), Math.max(1, y1 - y0 - 2 * inset)).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
        return dark / (data.length / 4);
      },
      [bbox, pageWidth] as const,
    );
  // A merged range's other cells are placeholders under its value's ink: not looked at.
  const covered = (r: number, c: number) =>
    (table.span_grid ?? []).some(
      (s) => r >= s.row && r < s.row + s.row_span && c >= s.col && c < s.col + s.col_span && !(r === s.row && c === s.col),
    );
  const drawn = [...table.header_cells, ...table.rows.flatMap((row, r) => row.filter((_, c) => !covered(r, c)))];
  expect(drawn.length).toBe(table.header_cells.length + table.rows.flat().length - 1);
  for (const cell of drawn) {
    const ink = await inkIn(cell.bbox!);
    if (cell.value === "" && !cell.readings) expect(ink, "an empty cell is blank").toBeLessThan(0.005);
    else expect(ink, `ink under "${cell.value || cell.readings?.["source-data"]}"`).toBeGreaterThan(0.02);
  }
  await screenshots(page, "sheet-review");
});
