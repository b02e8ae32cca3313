// A table question's numbered answers and bulk acceptance, by keyboard alone. The fruit table
// (generated, e2e/support/review.ts) is left as the worker leaves a table the readings disagree
// about (OCR is off in test stacks, so the state is written into the stored result): not agreed to
// be a table (layout_disputed), two shapes other readings proposed (pdf-grid: two tables from row
// 3; pdf-tags: the header one row lower), every cell's value agreed by two readings except two
// where OCR misread what the text layer has. On the review page: A accepts the text layer's
// reading for the table's two disputed cells, U undoes it, Shift+A accepts it for the document;
// the selection is then on the question, whose answers the number keys pick: 2 splits the table as
// pdf-grid proposed (every cell confirmed), U undoes it, 5 makes the region a figure. Each step is
// checked in the saved result the API serves, and the result page shows the figure as its region.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { doubtTable } from "../support/review";
import { apiResult, fruitJob } from "./review-helpers";

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("keyboard only: bulk-accept the text layer (and undo), pick a proposed split (and undo), make the region a figure", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const jobId = await fruitJob(page, stack, "choices");
  doubtTable(stack, jobId, [
    { kind: "split", rows: [2], by: ["pdf-grid"] },
    { kind: "header-down", rows: 1, by: ["pdf-tags"] },
  ]);
  const before = await apiResult(page, jobId);
  const delivered = before.tables[0]!;
  const labels = delivered.rows.map((row) => row[0]!.value);
  expect(labels).toEqual(["Apples", "Pears", "Plums"]);

  await page.goto(`/jobs/${jobId}/review`);
  const message = page.getByTestId("review-message");
  const question = page.getByTestId("structure-question");
  await expect(question).toHaveCount(1);
  await expect(question.getByTestId("structure-choice")).toHaveText([
    "1Yes, as shown: confirm 10 cells",
    "2Two tables: a new one starts at row 3 (proposed by pdf-grid)",
    "3The header ends one row lower: row 1 is part of the header (proposed by pdf-tags)",
    "4No, not a table: make it text",
    "5No, not a table: make it a figure",
  ]);
  await expect(page.getByTestId("bulk-differences")).toContainText("text layer “1.20” · ocr-1 “1.2O”");
  expect(await seriousAxeFindings(page)).toEqual([]);

  // A: the text layer's reading for the selected cell's table.
  await page.keyboard.press("a");
  await expect(message).toContainText("Accepted the text layer's reading for 2 cells of table 1 on page 1");
  let saved = await apiResult(page, jobId);
  expect([saved.tables[0]!.rows[0]![2], saved.tables[0]!.rows[1]![1]].map((c) => [c!.value, c!.confidence])).toEqual([
    ["1.20", "confirmed"],
    ["12", "confirmed"],
  ]);
  expect(saved.tables[0]!.rows[0]![2]!.sources).toContain("human-review");
  // U takes the whole batch back, and says what it took back.
  await page.keyboard.press("u");
  await expect(message).toContainText(
    "Undone: the tables are back as they were before you accepted the text layer's reading for table 1 on page 1.",
  );
  saved = await apiResult(page, jobId);
  expect([saved.tables[0]!.rows[0]![2], saved.tables[0]!.rows[1]![1]].map((c) => [c!.value, c!.confidence])).toEqual([
    ["1.2O", "disputed"],
    ["l2", "disputed"],
  ]);
  // Shift+A: every table of the document.
  await page.keyboard.press("Shift+A");
  await expect(message).toContainText("Accepted the text layer's reading for 2 cells of this document");
  saved = await apiResult(page, jobId);
  expect(saved.tables[0]!.rows[0]![2]!.value).toBe("1.20");
  expect(saved.tables[0]!.rows[1]![1]!.value).toBe("12");

  // The value disputes are settled: the selection moved on to a cell of the table question.
  await expect(question).toHaveAttribute("data-active", "true");
  await page.keyboard.press("2");
  await expect(message).toContainText("Two tables: a new one starts at row 3 (proposed by pdf-grid): made and confirmed");
  saved = await apiResult(page, jobId);
  expect(saved.tables.map((t) => t.rows.map((row) => row[0]!.value))).toEqual([["Apples", "Pears"], ["Plums"]]);
  const cells = saved.tables.flatMap((t) => [...t.header_cells, ...t.rows.flat()]);
  expect(cells.map((c) => c.confidence)).toEqual(Array<string>(cells.length).fill("confirmed"));
  expect(saved.tables.map((t) => [t.layout_disputed, t.alternatives])).toEqual([
    [undefined, undefined],
    [undefined, undefined],
  ]);
  expect(saved.tables[0]!.rows[0]![2]!.value).toBe("1.20");
  await expect(page.getByTestId("structure-questions")).toHaveCount(0);

  // U: one table again, still asked about, with its proposals.
  await page.keyboard.press("u");
  await expect(message).toContainText("Undone");
  saved = await apiResult(page, jobId);
  expect(saved.tables).toHaveLength(1);
  expect(saved.tables[0]!.layout_disputed).toBe(true);
  expect(saved.tables[0]!.alternatives).toEqual(delivered.alternatives);
  expect(saved.tables[0]!.rows[1]![1]!.value).toBe("12");
  await expect(question).toHaveAttribute("data-active", "true");

  // 5: not a table, a figure: the region becomes a figure over the table's box, with the crop
  // this browser cut from the page, from the document the page viewer holds (the PDF is not fetched
  // again for it).
  const documentFetches: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/jobs/${jobId}/document`) documentFetches.push(request.url());
  });
  await page.keyboard.press("5");
  await expect(message).toContainText("Table 1 on page 1 is a figure now");
  expect(documentFetches).toEqual([]);
  saved = await apiResult(page, jobId);
  expect(saved.tables).toEqual([]);
  expect(saved.images).toHaveLength(1);
  const figure = saved.images[0]!;
  expect(figure).toEqual({
    page: 1,
    index: 0,
    path: expect.stringMatching(/^images\/review-[0-9a-f]{16}\.png$/) as unknown as string,
    confidence: "confirmed",
    bbox: delivered.bbox,
    order: delivered.order ?? 0,
    also_on: [],
    sources: [],
  });
  expect(saved.prose.some((block) => block.text.includes("Apples"))).toBe(false);

  // The crop is the region at 2 pixels a point, and it shows the table's ink, not a blank page.
  const [x0, y0, x1, y1] = delivered.bbox!;
  const crop = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128 && pixels[i + 3]! > 0) dark++;
    return { width: image.naturalWidth, height: image.naturalHeight, dark };
  }, `/jobs/${jobId}/${figure.path}`);
  expect(Math.abs(crop.width - (x1 - x0) * 2)).toBeLessThanOrEqual(2);
  expect(Math.abs(crop.height - (y1 - y0) * 2)).toBeLessThanOrEqual(2);
  expect(crop.dark).toBeGreaterThan(100);

  // Nothing is left to move to, and J says so.
  await page.keyboard.press("j");
  await expect(message).toContainText("The queue is empty: nothing left to check.");

  // The result page shows it as an image.
  const view = await page.context().newPage();
  await view.goto(`/jobs/${jobId}`);
  await expect(view.getByTestId("page-1").locator(`img[src$="${figure.path.slice("images/".length)}"]`)).toHaveCount(1);
  await expect(view.getByTestId("page-1").getByTestId("uncropped-figure")).toHaveCount(0);
  await view.close();
});
