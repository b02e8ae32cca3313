// The web app in a real browser: drop a PDF on the uploader, watch it upload and run,
// see the result; review its disputed cells with the keyboard alone and find the confirmation in
// the downloaded xlsx; the web trial counts apart from the API trial; the review page is its
// owner's alone. Screenshots of every page at desktop and phone widths go to artifacts/.
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import type { Result } from "../../lib/result/schema";
import { admin, createKey, signIn as sessionCookie, submit, waitForJob } from "../support/api";
import { makeDisputed, mergedTablePdfBytes, rotatedTablePdfBytes, tablePdfBytes } from "../support/review";
import { ARTIFACTS_DIR, dropPdf, expect, jobIdFrom, screenshots, signIn, test, uniqueEmail } from "./fixtures";

test("an anonymous visitor drops a PDF, watches it run and sees the result, on the web trial alone", async ({ page, stack }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Tables you can trust, from any PDF" })).toBeVisible();
  await expect(page.getByTestId("trial-left")).toHaveText("10 of 10 free pages left today");
  await screenshots(page, "landing");

  // No worker for a moment, so the job page is seen waiting and then moving on by itself.
  stack.workers[0]!.process.kill("SIGKILL");
  await stack.workers[0]!.exited;
  stack.workers.splice(0, 1);

  await dropPdf(page, await tablePdfBytes(), "fruit prices.pdf");
  await expect(page.getByTestId("drop-zone")).toContainText("fruit prices.pdf");
  await expect(page.getByTestId("drop-zone")).toContainText("1 page");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page).toHaveURL(/\/jobs\/job_/);
  await expect(page.getByTestId("job-stage")).toContainText("Waiting for a worker");
  await screenshots(page, "job-progress");

  stack.startWorker();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("counts")).toContainText("1 table on 1 page");
  await expect(page.getByRole("table", { name: "Table 1 on page 1" })).toContainText("Apples");
  await expect(page.getByRole("link", { name: "XLSX" })).toBeVisible();
  // An anonymous job has no owner to review it; the page says how to get there.
  await expect(page.getByText(/Reviewing them side by side with the page needs an account/)).toBeVisible();
  await screenshots(page, "result-anonymous");

  // One page counted against the web trial; the API trial is untouched, and using it does not
  // touch the web trial.
  const counters = () =>
    stack.query<{ channel: string; count: number }>(`SELECT channel, count FROM "TrialUsage" WHERE "window" LIKE 'day:%' ORDER BY channel`);
  expect(await counters()).toEqual([{ channel: "web", count: 1 }]);
  await page.goto("/");
  await expect(page.getByTestId("trial-left")).toHaveText("9 of 10 free pages left today");
  const api = await submit(stack, { bytes: await tablePdfBytes(), name: "api.pdf" });
  expect(api.status).toBe(202);
  expect(await counters()).toEqual([
    { channel: "api", count: 1 },
    { channel: "web", count: 1 },
  ]);
  await page.reload();
  await expect(page.getByTestId("trial-left")).toHaveText("9 of 10 free pages left today");

  // Beyond the web trial: refused in words, and nothing counted.
  await stack.query(`UPDATE "TrialUsage" SET count = 10 WHERE channel = 'web'`);
  await page.reload();
  await expect(page.getByTestId("trial-left")).toHaveText("0 of 10 free pages left today");
  await dropPdf(page, await tablePdfBytes(), "one more.pdf");
  await expect(page.getByText("No free pages are left today.")).toBeVisible();
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You have used today's free pages on the web trial" })).toBeVisible();
  expect(await stack.query(`SELECT id FROM "Job" WHERE "fileName" = 'one more.pdf'`)).toHaveLength(0);
  await screenshots(page, "landing-trial-used");
});

test("the owner reviews disputed cells with the keyboard alone; the xlsx shows the confirmation", async ({ page, stack }) => {
  const email = uniqueEmail("reviewer");
  await signIn(page, stack, email);
  await admin(stack, ["credit", "--email", email, "--usd", "5"]);
  await page.goto("/");
  await dropPdf(page, await tablePdfBytes(), "fruit prices.pdf");
  await expect(page.getByTestId("quote")).toContainText("This costs $0.06");
  await expect(page.getByTestId("quote")).toContainText("your balance of $5.00");
  await screenshots(page, "landing-signed-in");
  await page.getByRole("button", { name: "Extract tables" }).click();
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 });
  const jobId = jobIdFrom(page);

  // Two readings disagree on two prices (OCR is off in tests; see e2e/support/review.ts).
  const cells = makeDisputed(stack, jobId);
  await page.reload();
  await expect(page.getByTestId("counts")).toContainText("2 disputed");
  await expect(page.locator('td[data-confidence="disputed"]')).toHaveCount(2);
  await screenshots(page, "result");

  // From here on, the keyboard only.
  await page.getByRole("link", { name: /^Review \d+ cells? against the page$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}/review$`));
  await expect(page.locator('[data-testid="page-viewer"] canvas')).toBeVisible();
  const panel = page.getByTestId("cell-panel");
  // Disputed cells come first; both readings are listed with their sources.
  await expect(panel.getByTestId("cell-confidence")).toHaveText("disputed");
  await expect(panel.getByTestId("cell-value")).toHaveText(cells.value);
  await expect(panel.getByRole("list", { name: "Readings" })).toContainText("pdf-text");
  await expect(panel.getByRole("list", { name: "Readings" })).toContainText("ocr-1");
  await expect(page.locator(`[data-testid="page-viewer"] [data-ref="${cells.disputed}"]`)).toBeVisible();
  const remainingBefore = Number(/^(\d+)/.exec((await page.getByTestId("remaining").textContent()) ?? "")?.[1]);
  await screenshots(page, "review");
  // The docs' screenshot is refreshed on request only: a test run must not change tracked files.
  if (process.env.UPDATE_DOCS_SCREENSHOTS === "1") {
    fs.copyFileSync(path.join(ARTIFACTS_DIR, "review-desktop.png"), path.join(import.meta.dirname, "..", "..", "docs", "review-page.png"));
  }

  // "2" accepts the second reading (the text layer's: readings come in source order, ocr-1
  // first) and moves on to the next disputed cell.
  await page.keyboard.press("2");
  await expect(page.getByTestId("review-message")).toContainText(`Confirmed “${cells.value}”`);
  await expect(page.getByTestId("remaining")).toContainText(`${remainingBefore - 1} cell`);
  await expect(panel.getByTestId("cell-confidence")).toHaveText("disputed");

  // "e" types a value, Enter saves it; "u" undoes it; "j"/"k" move; Enter confirms what is shown.
  await page.keyboard.press("e");
  await expect(page.getByLabel("Type the value as it reads on the page")).toBeFocused();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0.85");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("review-message")).toContainText("Confirmed “0.85”");
  await page.keyboard.press("u");
  await expect(page.getByTestId("review-message")).toContainText("Undone");
  await expect(panel.getByTestId("cell-confidence")).toHaveText("disputed");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(panel.getByTestId("cell-confidence")).toHaveText("disputed");
  await page.keyboard.press("2");
  await expect(page.getByTestId("remaining")).toContainText(`${remainingBefore - 2} cell`);

  // The API's result shows both at once, and so does the xlsx the result page offers.
  const api = (await (await page.request.get(`/v1/parse/${jobId}`)).json()) as { result: Result };
  const [p, t, r, c] = cells.disputed.split(":").map(Number) as [number, number, number, number];
  const confirmed = api.result.tables.find((table) => table.page === p && table.index === t)!.rows[r]![c]!;
  expect(confirmed).toMatchObject({ value: cells.value, confidence: "confirmed", readings: cells.readings });
  expect(confirmed.sources).toContain("human-review");
  expect(confirmed.provisional).toBeUndefined();

  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("counts")).toContainText("0 disputed");
  await expect(page.getByTestId("counts")).toContainText("2 confirmed");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "XLSX" }).click()]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.getWorksheet("cells")!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ""))));
  expect(rows).toContainEqual(expect.arrayContaining([String(p), String(t), String(r), String(c), cells.value, "confirmed"]));
  expect(rows.filter((row) => row[5] === "confirmed")).toHaveLength(2);
  expect(rows.filter((row) => row[5] === "disputed")).toHaveLength(0);
});

test("the review page is its owner's alone: anonymous visitors sign in, another account gets 404", async ({ page, stack, siteUrl }) => {
  const key = await createKey(stack, uniqueEmail("owner"));
  const accepted = await submit(stack, { bytes: await tablePdfBytes(), name: "private.pdf", headers: { authorization: `Bearer ${key}` } });
  const jobId = String(accepted.body.id);
  expect((await waitForJob(stack, jobId, { authorization: `Bearer ${key}` })).body.status).toBe("done");

  await page.goto(`/jobs/${jobId}/review`);
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?callbackUrl=%2Fjobs%2F${jobId}%2Freview$`));

  const cookie = await sessionCookie(stack, uniqueEmail("stranger"));
  const [name, value] = cookie.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: siteUrl }]);
  const review = await page.goto(`/jobs/${jobId}/review`);
  expect(review?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await page.goto(`/jobs/${jobId}`))?.status()).toBe(404);
  expect((await page.request.get(`/jobs/${jobId}/document`)).status()).toBe(404);
  await screenshots(page, "not-found");
});

/** A finished job owned by a new account, and the browser signed in as that account. */
async function ownJob(page: Page, stack: Parameters<typeof submit>[0], siteUrl: string, bytes: Uint8Array, name: string): Promise<string> {
  const email = uniqueEmail("owner");
  const key = await createKey(stack, email);
  const accepted = await submit(stack, { bytes, name, headers: { authorization: `Bearer ${key}` } });
  const jobId = String(accepted.body.id);
  expect((await waitForJob(stack, jobId, { authorization: `Bearer ${key}` })).body.status).toBe("done");
  const [cookieName, cookieValue] = (await sessionCookie(stack, email)).split("=") as [string, string];
  await page.context().addCookies([{ name: cookieName, value: cookieValue, url: siteUrl }]);
  return jobId;
}

test("merged cells are drawn merged on the result and review pages: a header band and a body span", async ({ page, stack, siteUrl }) => {
  const jobId = await ownJob(page, stack, siteUrl, await mergedTablePdfBytes(), "emissions.pdf");

  // Result page: "Emissions" is one header cell over Air and Water, "Site" two header lines tall,
  // "not measured" one body cell over Air and Water with no empty cell drawn beside it.
  await page.goto(`/jobs/${jobId}`);
  const grid = page.getByRole("table", { name: "Table 1 on page 1" });
  await expect(grid.locator("thead tr")).toHaveCount(2);
  const band = grid.locator("thead th", { hasText: "Emissions" });
  await expect(band).toHaveCount(1);
  await expect(band).toHaveAttribute("colspan", "2");
  await expect(grid.locator("thead th", { hasText: "Site" })).toHaveAttribute("rowspan", "2");
  const merged = grid.locator("tbody td", { hasText: "not measured" });
  await expect(merged).toHaveAttribute("colspan", "2");
  // Without OCR the rulings (one cell over Air and Water) and the text geometry disagree on the
  // body's boundaries with nothing to break the tie: the structure vote makes the body disputed.
  await expect(merged).toHaveAttribute("data-confidence", "disputed");
  await expect(grid.locator("tbody tr").nth(1).locator("td")).toHaveCount(2);
  await expect(grid.locator("tbody td")).toHaveCount(8);
  // The placeholder under the span is not a cell: 3 header cells (unverified) + 8 body cells.
  await expect(page.getByTestId("counts")).toContainText("8 disputed, 3 unverified");
  await screenshots(page, "result-merged");

  // Review page: the same shape; the merged cell is reached by the keyboard and by a click under
  // its top-left reference, and the covered cell is not in the queue.
  await page.goto(`/jobs/${jobId}/review`);
  const review = page.getByTestId("review-grid");
  await expect(review.locator("th", { hasText: "Emissions" })).toHaveAttribute("colspan", "2");
  const reviewMerged = review.locator('td[data-ref="1:0:1:1"]');
  await expect(reviewMerged).toHaveAttribute("colspan", "2");
  await expect(review.locator('[data-ref="1:0:1:2"]')).toHaveCount(0);
  await expect(page.getByTestId("remaining")).toContainText("11 cells left");
  const panel = page.getByTestId("cell-panel");
  // The queue (disputed body first, then the unverified header) reaches the merged cell by the
  // keyboard: J until it is selected, then it is one stop (the covered cell is none).
  for (let step = 0; step < 11 && (await panel.getByTestId("cell-value").textContent()) !== "not measured"; step++)
    await page.keyboard.press("j");
  await expect(panel.getByTestId("cell-value")).toHaveText("not measured");
  await expect(reviewMerged).toHaveAttribute("aria-selected", "true");
  await expect(reviewMerged).toHaveClass(/review-selected/);
  await expect(reviewMerged).toHaveClass(/bg-conf-disputed/);
  await page.keyboard.press("j");
  await expect(panel.getByTestId("cell-value")).toHaveText("Plant C");
  await reviewMerged.click();
  await expect(panel.getByTestId("cell-value")).toHaveText("not measured");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("review-message")).toContainText("Confirmed “not measured”");
  await expect(reviewMerged).toHaveAttribute("data-confidence", "confirmed");
  await expect(reviewMerged).toHaveClass(/bg-conf-confirmed/);
  await expect(page.getByTestId("remaining")).toContainText("10 cells left");
  await screenshots(page, "review-merged");
});

test("a page displayed rotated (/Rotate 90) is drawn landscape and its cell boxes sit on their text", async ({ page, stack, siteUrl }) => {
  const jobId = await ownJob(page, stack, siteUrl, await rotatedTablePdfBytes(), "rotated.pdf");
  const api = (await (await page.request.get(`/v1/parse/${jobId}`)).json()) as { result: Result };
  // The result speaks of the displayed page: landscape, as a reader sees it.
  expect(api.result.pages).toEqual([{ page: 1, width: 842, height: 595 }]);

  await page.goto(`/jobs/${jobId}/review`);
  const viewer = page.getByTestId("page-viewer");
  const canvas = viewer.locator("canvas");
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId("cell-panel").getByRole("img")).toBeVisible(); // the crop: rendered
  // react-pdf draws the page with its /Rotate (landscape), the same shape as the overlay frame.
  const shape = await canvas.evaluate((element: HTMLCanvasElement) => ({ width: element.width, height: element.height }));
  expect(shape.width / shape.height).toBeCloseTo(842 / 595, 2);
  const canvasBox = (await canvas.boundingBox())!;
  const frameBox = (await viewer.locator("div.relative").first().boundingBox())!;
  expect(Math.abs(canvasBox.width - frameBox.width)).toBeLessThan(2);
  expect(Math.abs(canvasBox.height - frameBox.height)).toBeLessThan(2);

  // Ink under every value cell's box, and none in the blank parts of a cell (right of "Apples",
  // and between its text and the ruling below): the boxes line up with the drawn page, which a
  // portrait (unrotated) drawing would not.
  const table = api.result.tables[0]!;
  const inkIn = (bbox: readonly [number, number, number, number]) =>
    canvas.evaluate(
      (element: HTMLCanvasElement, [box, pageWidth]) => {
        const perPoint = element.width / pageWidth;
        const [x0, y0, x1, y1] = box.map((v) => Math.round(v * perPoint)) as [number, number, number, number];
        const data = element.getContext("2d")!.getImageData(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 300) dark++;
        return dark / (data.length / 4);
      },
      [bbox, 842] as const,
    );
  for (const cell of [...table.header_cells, ...table.rows.flat()]) {
    expect(cell.bbox, cell.value).toBeDefined();
    expect(await inkIn(cell.bbox!), `ink under "${cell.value}"`).toBeGreaterThan(0.08);
  }
  const apples = table.rows[0]![0]!.bbox!;
  expect(await inkIn([apples[2] + 4, apples[1], apples[2] + 60, apples[3]])).toBeLessThan(0.01);
  expect(await inkIn([apples[0], apples[3] + 1, apples[2], apples[3] + 4])).toBeLessThan(0.01);
  // Each overlay box is placed at its bbox in the displayed page's space.
  const ref = `1:${table.index}:0:0`;
  const overlay = (await viewer.locator(`[data-ref="${ref}"]`).boundingBox())!;
  const perCssPixel = canvasBox.width / 842;
  expect(Math.abs(overlay.x - canvasBox.x - apples[0] * perCssPixel)).toBeLessThan(2);
  expect(Math.abs(overlay.y - canvasBox.y - apples[1] * perCssPixel)).toBeLessThan(2);
  await screenshots(page, "review-rotated");
});
