// A table whose cells are doubted for their place only (every value agreed by two readings) is one
// question on the review page, answered once: "Yes, as shown" confirms every cell it holds, and a
// value dispute in the same table stays a cell to settle. The result page says how many of the
// queued cells are in table questions. No serious axe finding on either page.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { apiResult, editStoredResult, fruitJob, queueFromApi } from "./review-helpers";

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("place-only doubts are one table question; answering it settles them all, the value dispute stays", async ({ page, stack }) => {
  const jobId = await fruitJob(page, stack, "questions");
  editStoredResult(stack, jobId, (result) => {
    const table = result.tables[0]!;
    const doubt = <C extends { sources: string[]; confidence: string }>(cell: C): C => ({
      ...cell,
      confidence: "unverified",
      sources: ["ocr-1", "pdf-text"],
    });
    table.header_cells = table.header_cells.map((cell) => doubt(cell));
    table.rows = table.rows.map((row) => row.map((cell) => doubt(cell)));
    // One value dispute in the same table.
    const price = table.rows[0]![2]!;
    table.rows[0]![2] = {
      ...price,
      confidence: "disputed",
      sources: ["pdf-text"],
      readings: { "pdf-text": price.value, "ocr-1": "9.99" },
      provisional: true,
    };
  });
  const before = await apiResult(page, jobId);
  const queued = queueFromApi(before);
  const placeOnly = queued - 1;
  await page.reload();
  await expect(page.getByTestId("review-count")).toHaveText(`Review ${queued} cells against the page`);
  await expect(page.getByTestId("table-questions")).toHaveText(`${placeOnly} of them in 1 table question, each answered once`);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.goto(`/jobs/${jobId}/review`);
  const questions = page.getByTestId("structure-question");
  await expect(questions).toHaveCount(1);
  await expect(questions.first()).toContainText("Table 1 on page 1: is its shape right");
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", String(queued));
  expect(await seriousAxeFindings(page)).toEqual([]);
  await questions
    .first()
    .getByRole("button", { name: `Yes, as shown: confirm ${placeOnly} cells` })
    .click();
  await expect(page.getByTestId("review-message")).toContainText("Confirmed the structure of table 1 on page 1");
  await expect(page.getByTestId("remaining")).toHaveAttribute("data-count", "1");
  await expect(page.getByTestId("structure-questions")).toHaveCount(0);

  const after = await apiResult(page, jobId);
  expect(queueFromApi(after)).toBe(1);
  const cells = [...after.tables[0]!.header_cells, ...after.tables[0]!.rows.flat()];
  expect(cells.filter((cell) => cell.confidence === "confirmed").length).toBeGreaterThanOrEqual(placeOnly);
  expect(after.tables[0]!.rows[0]![2]!.confidence).toBe("disputed");
  // Undo brings the question back.
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  await expect(page.getByTestId("structure-question")).toHaveCount(1);
});

test("'is this a table?' answered 'No, not a table': the region's text becomes a paragraph; undo brings the table back", async ({
  page,
  stack,
}) => {
  const jobId = await fruitJob(page, stack, "not-a-table");
  editStoredResult(stack, jobId, (result) => {
    const table = result.tables[0]!;
    table.layout_disputed = true;
    const doubt = <C extends { sources: string[]; confidence: string }>(cell: C): C => ({
      ...cell,
      confidence: "unverified",
      sources: ["ocr-1", "pdf-text"],
    });
    table.header_cells = table.header_cells.map((cell) => doubt(cell));
    table.rows = table.rows.map((row) => row.map((cell) => doubt(cell)));
  });
  const before = await apiResult(page, jobId);
  const firstLabel = before.tables[0]!.rows[0]![0]!.value;
  await page.goto(`/jobs/${jobId}/review`);
  const question = page.getByTestId("structure-question");
  await expect(question).toContainText("Table 1 on page 1: is this a table?");
  await question.getByRole("button", { name: "No, not a table: make it text" }).click();
  await expect(page.getByTestId("review-message")).toContainText("Table 1 on page 1 is text now");
  const after = await apiResult(page, jobId);
  expect(after.tables).toHaveLength(0);
  const paragraph = after.prose.find((block) => block.text.includes(firstLabel));
  expect(paragraph?.role).toBe("paragraph");
  await expect(page.getByText("This extraction has no table cells to review.")).toBeVisible();
  // The result page (another tab) shows it as a paragraph of page 1.
  const view = await page.context().newPage();
  await view.goto(`/jobs/${jobId}`);
  await expect(view.getByTestId("page-1").locator("p", { hasText: firstLabel })).toBeVisible();
  await view.close();
  // U on the review page brings the table back.
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  expect((await apiResult(page, jobId)).tables).toHaveLength(1);
  await expect(page.getByTestId("structure-question")).toHaveCount(1);
});
