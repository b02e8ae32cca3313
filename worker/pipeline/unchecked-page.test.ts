// A page with a text layer that no OCR engine could read (here: a poster-sized MediaBox whose
// render would not fit the pixel budget) is delivered from its text layer alone, marked
// `unchecked` with the reason, nothing on it verified, and counted in pagesUnchecked (not charged,
// worker/jobs/run-job.ts). The page beside it is read and cross-checked as usual.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ORDINARY_TEXT, POSTER_TEXT, posterBesidePagePdf } from "../../tests/pdf/poster-pdf";
import { runPipeline } from "./run-pipeline";
import { dpiWithinBudget, PageTooLargeToRender } from "./render/render-page";
import { RENDER_SETTINGS } from "./render/settings";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unchecked-page-"));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test("the render budget: a page that fits keeps its dpi, a larger one is lowered to fit, one too large even at minDpi is refused", () => {
  const settings = { ...RENDER_SETTINGS, maxRenderPixels: 40_000_000, minDpi: 150 } as const;
  assert.equal(dpiWithinBudget(595, 842, 300, settings), 300);
  // A2 (1191 x 1684 pt) at 400 dpi is 62 M pixels: lowered to the largest dpi that fits.
  const lowered = dpiWithinBudget(1191, 1684, 400, settings);
  assert.ok(lowered >= 150 && lowered < 400, String(lowered));
  assert.ok(Math.ceil((1191 * lowered) / 72) * Math.ceil((1684 * lowered) / 72) <= 40_000_000);
  assert.ok(Math.ceil((1191 * (lowered + 1)) / 72) * Math.ceil((1684 * (lowered + 1)) / 72) > 40_000_000);
  assert.throws(
    () => dpiWithinBudget(10_000, 10_000, 200, settings),
    (error: Error) => error instanceof PageTooLargeToRender && /434 M pixels, more than the 40 M/.test(error.message),
  );
});

test("a page every OCR engine failed to read is delivered from its text layer, unchecked, with the reason; the other page is cross-checked", async () => {
  const file = path.join(dir, "poster.pdf");
  fs.writeFileSync(file, await posterBesidePagePdf());
  const output = await runPipeline({
    pdfPath: file,
    pages: 2,
    withSourcePages: false,
    fileSha256: "",
    cacheDir: null,
    outputDir: dir,
    ocr: ["ocr-1"],
  });

  assert.equal(output.pagesFailed, 0);
  assert.equal(output.pagesUnchecked, 1);
  const [posterEntry, ordinary] = output.result.pages;
  assert.equal(posterEntry!.unchecked, true);
  assert.equal(posterEntry!.unreadable, undefined);
  assert.match(
    posterEntry!.reason ?? "",
    /every OCR reading of the page failed \(render failed: the page is 10000 x 10000 pt: .* more than the 40 M a page may use\)/,
  );
  assert.equal(ordinary!.unchecked, undefined);
  assert.equal(ordinary!.reason, undefined);
  assert.deepEqual(
    output.failures.map((f) => [f.page, f.stage]),
    [[1, "ocr-1"]],
  );

  const byPage = (page: number) => output.result.prose.filter((p) => p.page === page);
  assert.deepEqual(
    byPage(1).map((p) => [p.text, p.confidence]),
    [[POSTER_TEXT, "unverified"]],
  );
  assert.deepEqual(
    byPage(2).map((p) => [p.text, p.confidence]),
    [[ORDINARY_TEXT, "verified"]],
  );
});
