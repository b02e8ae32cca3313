// Helpers of the review journeys (review-*.spec.ts): a signed-in owner with a finished job of the
// ruled fruit table (Item, Qty, Price; Apples 3 1.20; Pears 12 0.80; Plums 7 2.10), and the stored
// result reshaped into the cases a queue has to be honest about. OCR is off in test stacks, so
// every cell comes back unverified (pdf-text alone); other levels are written into the stored
// result, the state the worker would have left had the readings disagreed (e2e/support/review.ts).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { resultSchema, type Cell, type Result } from "../../lib/result/schema";
import { admin, signIn as sessionCookie } from "../support/api";
import { readStoredResult, resultFile, tablePdfBytes } from "../support/review";
import type { Stack } from "../support/stack";
import { dropPdf, expect, jobIdFrom, uniqueEmail } from "./fixtures";

/** Signs a new account in (a session row, as the magic link would make: the sign-in form itself is
 * web-app.spec.ts's journey), credits it, and extracts the fruit table through the uploader. */
export async function fruitJob(page: Page, stack: Stack, label: string): Promise<string> {
  const email = uniqueEmail(label);
  const cookie = await sessionCookie(stack, email);
  const [name, value] = cookie.split("=") as [string, string];
  await page
    .context()
    .addCookies([
      { name, value, url: new URL(page.url() === "about:blank" ? stack.baseUrl.replace("127.0.0.1", "localhost") : page.url()).origin },
    ]);
  await admin(stack, ["credit", "--email", email, "--usd", "5"]);
  await page.goto("/");
  await dropPdf(page, await tablePdfBytes(), "fruit prices.pdf");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  return jobIdFrom(page);
}

export function editStoredResult(stack: Stack, jobId: string, edit: (result: Result) => void): void {
  const result = readStoredResult(stack, jobId);
  edit(result);
  fs.writeFileSync(resultFile(stack, jobId), JSON.stringify(resultSchema.parse(result)));
}

/** The readings of the disputed price, in an order that is not source order. */
export const PRICE_READINGS = { "pdf-text": "1.20", "ocr-2": "1.28", "ocr-1": "1.20" };

/** The cases: a disputed price with three readings, a blank cell nobody doubts, a blank cell two
 * readings disagree about, a last row (Plums) with nothing to check: resolved, verified, verified.
 * Queued with the default filter: 12 cells - 1 blank - 1 resolved - 2 verified = 8. */
export function makeQueueCases(stack: Stack, jobId: string): void {
  editStoredResult(stack, jobId, (result) => {
    const rows = result.tables[0]!.rows;
    const disputed = (cell: Cell, value: string, readings: Record<string, string>): Cell => ({
      ...cell,
      value,
      confidence: "disputed",
      sources: [],
      readings,
      provisional: true,
    });
    rows[0]![2] = disputed(rows[0]![2]!, "1.20", PRICE_READINGS);
    rows[1]![1] = { ...rows[1]![1]!, value: "" };
    rows[1]![2] = disputed(rows[1]![2]!, "", { "pdf-text": "", "ocr-1": "0.80" });
    rows[2]![0] = { ...rows[2]![0]!, confidence: "resolved", sources: ["pdf-text", "ocr-1"] };
    rows[2]![1] = { ...rows[2]![1]!, confidence: "verified", sources: ["ocr-1", "pdf-text"] };
    rows[2]![2] = { ...rows[2]![2]!, confidence: "verified", sources: ["ocr-1", "pdf-text"] };
  });
}

/** What the API's cells imply the queue holds: cells that are disputed or unverified, and not
 * blank unless their readings disagree (written out here apart from lib/review/queue.ts). */
export function queueFromApi(result: Result): number {
  let count = 0;
  for (const table of result.tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      if (cell.confidence !== "disputed" && cell.confidence !== "unverified") continue;
      const readings = new Set(Object.values(cell.readings ?? {}).map((v) => v.trim()));
      if (cell.value.trim() !== "" || readings.size > 1) count += 1;
    }
  }
  return count;
}

export async function apiResult(page: Page, jobId: string): Promise<Result> {
  const response = await page.request.get(`/v1/parse/${jobId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { result: Result }).result;
}
