import { test } from "node:test";
import assert from "node:assert/strict";
import { summariseCalibration, type CalibratedCell } from "./calibration";

test("summariseCalibration: shares per level and the two targets", () => {
  const cell = (confidence: CalibratedCell["confidence"], isRight: boolean): CalibratedCell => ({
    confidence,
    isRight,
    isOneToOne: true,
    value: "",
    truth: "",
    page: 1,
  });
  const summary = summariseCalibration([
    cell("verified", true),
    cell("verified", true),
    cell("verified", false),
    cell("disputed", false),
    cell("unverified", true),
  ]);
  assert.equal(summary.cells, 5);
  assert.deepEqual(summary.perLevel.verified, { cells: 3, right: 2, share: 2 / 3, withTextLayer: 0, textLayerRight: 0 });
  assert.equal(summary.verifiedRight, 2 / 3);
  assert.equal(summary.wrongNotVerified, 1 / 2);
  assert.deepEqual(summary.counts, { verified: 3, verifiedRight: 2, wrong: 2, wrongNotVerified: 1 });
  assert.equal(summary.verifiedShare, 3 / 5);
});

test("calibrateCells on a realistic scan: cells on the page as scanned match the ground truth turned by the page's angle", async () => {
  const { calibrateCells } = await import("./calibration");
  const W = 600;
  const H = 800;
  // A column of 30 rows 14 pt apart, labels "row N", on a page turned by 3 degrees clockwise.
  const deg = 3;
  const rad = (deg * Math.PI) / 180;
  const gtCells = Array.from({ length: 30 }, (_, r) => ({
    startRow: r,
    endRow: r,
    startCol: 0,
    endCol: 0,
    text: `row ${r}`,
    box: [60, H - (100 + r * 14 + 10), 160, H - (100 + r * 14)] as [number, number, number, number],
  }));
  const cells = gtCells.map((gt) => {
    // Top-left coordinates of the ground-truth box, turned about the page centre.
    const cx = (gt.box[0] + gt.box[2]) / 2 - W / 2;
    const cy = H - (gt.box[1] + gt.box[3]) / 2 - H / 2;
    const x = W / 2 + Math.cos(rad) * cx - Math.sin(rad) * cy;
    const y = H / 2 + Math.sin(rad) * cx + Math.cos(rad) * cy;
    return {
      value: gt.text,
      confidence: "verified" as const,
      sources: ["ocr-1" as const, "ocr-2" as const],
      bbox: [x - 50, y - 5, x + 50, y + 5] as [number, number, number, number],
    };
  });
  const result = {
    pages: [{ page: 1, width: W, height: H }],
    tables: [{ page: 1, index: 0, header_cells: [], rows: cells.map((c) => [c]) }],
  } as never;
  const truth = [{ page: 1, cells: gtCells }];
  const turned = calibrateCells(result, truth, () => deg);
  assert.equal(turned.filter((c) => c.isRight).length, 30);
  // Without the page's angle the rows far from the centre pair with their neighbours' labels.
  assert.ok(calibrateCells(result, truth).filter((c) => !c.isRight).length > 5);
});
