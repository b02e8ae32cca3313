// The review queue keeps its members for the visit, by keyboard alone. The fruit table is left as
// the worker leaves a table the readings disagree about (e2e/support/review.ts doubtTable): ten
// cells doubted for their place only (one table question) and two OCR misread (disputed): twelve
// cells in the queue. Shift+A settles the two, the question's answer 1 the ten; after each the
// queue still holds twelve, the settled ones ticked, and K steps back to the first. A number key
// on a settled cell does not replace its value (it says how to change it), a warning goes when the
// selection moves, and U brings the doubts back into the same twelve. Each step is checked in the
// saved result the API serves.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { doubtTable } from "../support/review";
import { expect, test } from "./fixtures";
import { apiResult, fruitJob, queueFromApi } from "./review-helpers";

async function seriousAxeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("keyboard only: the queue keeps what was settled, J/K reach it, number keys leave it, warnings go with the selection", async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000);
  const jobId = await fruitJob(page, stack, "stable-queue");
  doubtTable(stack, jobId, [{ kind: "split", rows: [2], by: ["pdf-grid"] }]);
  expect(queueFromApi(await apiResult(page, jobId))).toBe(12);

  await page.goto(`/jobs/${jobId}/review`);
  const remaining = page.getByTestId("remaining");
  const message = page.getByTestId("review-message");
  const heading = page.locator("#cell-heading");
  const queueItems = page.getByTestId("queue").getByRole("button");
  const counts = async () => ({
    left: await remaining.getAttribute("data-count"),
    queued: await remaining.getAttribute("data-queued"),
    settled: await remaining.getAttribute("data-settled"),
  });
  await expect(remaining).toHaveAttribute("data-count", "12");
  await expect(remaining).toHaveText("12 cells left to check of 12 in the queue");
  await expect(heading).toHaveText("Page 1, table 1, row 1, column 3");
  await expect(page.getByTestId("cell-crop")).toBeVisible();

  // A warning is about the selected cell: it goes when the selection moves.
  await page.keyboard.press("9");
  await expect(message).toHaveText("This cell has no reading 9.");
  await page.keyboard.press("j");
  await expect(heading).toHaveText("Page 1, table 1, row 2, column 2");
  await expect(message).toHaveCount(0);
  await page.keyboard.press("k");

  // Shift+A settles the two misread cells: still twelve in the queue, two of them settled.
  await page.keyboard.press("Shift+A");
  await expect(message).toContainText("Accepted the text layer's reading for 2 cells of this document");
  await expect(remaining).toHaveAttribute("data-count", "10");
  expect(await counts()).toEqual({ left: "10", queued: "12", settled: "2" });
  await expect(remaining).toHaveText("10 cells left to check of 12 in the queue · 2 of 12 settled");
  await expect(queueItems).toHaveCount(12);
  await expect(page.getByTestId("queue").locator('[data-settled="true"]')).toHaveCount(2);
  expect(queueFromApi(await apiResult(page, jobId))).toBe(10);

  // The selection moved on to the table question; 1 answers it "as shown" and settles the ten.
  await expect(page.getByTestId("structure-question")).toHaveAttribute("data-active", "true");
  await page.keyboard.press("1");
  await expect(message).toContainText("Confirmed the structure of table 1 on page 1");
  await expect(remaining).toHaveAttribute("data-count", "0");
  expect(await counts()).toEqual({ left: "0", queued: "12", settled: "12" });
  await expect(remaining).toHaveText("Nothing left to check of 12 in the queue · 12 of 12 settled");
  await expect(page.getByTestId("queue").locator('[data-settled="true"]')).toHaveCount(12);
  expect(queueFromApi(await apiResult(page, jobId))).toBe(0);

  // K steps back through the settled cells to the first item: the price OCR misread.
  for (let step = 0; step < 12 && (await message.textContent().catch(() => "")) !== "This is the first item in the queue."; step++)
    await page.keyboard.press("k");
  await expect(message).toHaveText("This is the first item in the queue.");
  await expect(heading).toHaveText("Page 1, table 1, row 1, column 3");
  await expect(page.getByTestId("cell-confidence")).toHaveText("confirmed");
  await expect(page.getByTestId("cell-value")).toHaveText("1.20");

  // A number key on it does not replace the confirmed value with OCR's reading: it says how to
  // change it, and the saved result is unchanged.
  await expect(page.getByTestId("readings").getByRole("listitem").first()).toContainText("1.2O");
  await page.keyboard.press("1");
  await expect(message).toHaveText(
    "This cell is settled (confirmed, “1.20”): the number keys do not change it. Press E to type another value.",
  );
  await expect(page.getByTestId("cell-value")).toHaveText("1.20");
  let saved = await apiResult(page, jobId);
  expect([saved.tables[0]!.rows[0]![2]!.value, saved.tables[0]!.rows[0]![2]!.confidence]).toEqual(["1.20", "confirmed"]);
  // The help says so too.
  await expect(page.getByTestId("shortcuts")).toContainText("pick reading or answer (not on a settled cell)");
  // The settled queue with a warning shown: no serious accessibility finding.
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.keyboard.press("j");
  await expect(heading).toHaveText("Page 1, table 1, row 2, column 2");
  await expect(message).toHaveCount(0);

  // U takes the answer back: the ten are doubted again, in the same twelve.
  await page.keyboard.press("u");
  await expect(message).toContainText("Undone");
  await expect(remaining).toHaveAttribute("data-count", "10");
  expect(await counts()).toEqual({ left: "10", queued: "12", settled: "2" });
  // And U again takes Shift+A back: all twelve to check.
  await page.keyboard.press("u");
  await expect(message).toContainText("before you accepted the text layer's reading");
  await expect(remaining).toHaveAttribute("data-count", "12");
  expect(await counts()).toEqual({ left: "12", queued: "12", settled: "0" });
  saved = await apiResult(page, jobId);
  expect(queueFromApi(saved)).toBe(12);
  expect(saved.tables[0]!.rows[0]![2]!.value).toBe("1.2O");
  expect(await seriousAxeFindings(page)).toEqual([]);
});
