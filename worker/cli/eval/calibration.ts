// Confidence calibration: does `verified` mean the value is right? Each delivered cell
// with a box is matched to the ground-truth cell it lies on (same page, most overlap); its value
// is right when it equals the ground-truth text up to whitespace (the ground truth breaks lines
// inside cells where we join them with a space) and the reconciler's meaning-preserving
// normalisation (dashes, quotes, NFKC). Figures per confidence level, and the three targets:
//   - of cells called verified, the share that are right (>= 99.5%);
//   - of cells that are wrong, the share NOT called verified (>= 90%);
//   - the share of cells called verified at all.
// "one-to-one" repeats them on cells whose ground-truth cell matched no other delivered cell:
// a ground-truth cell split over two delivered cells makes both "wrong" through a structure
// error, not a misread value, and structure is measured by the F1 above.
import type { Cell, Result } from "../../../lib/result/schema";
import { boxArea, boxIntersection } from "../../pipeline/geometry/box";
import { comparisonKey } from "../../pipeline/reconcile/normalise";
import type { Box } from "../../pipeline/types";
import type { GtRegion } from "./ground-truth";
import { isQueued } from "./queue-figure";
import { isStructureOnlyDoubt } from "../../../lib/review/structure-items";

export interface CalibratedCell {
  confidence: Cell["confidence"];
  isRight: boolean;
  /** No other delivered cell matched the same ground-truth cell. */
  isOneToOne: boolean;
  value: string;
  truth: string;
  page: number;
  /** Only where readings disagree: whether the text layer's own reading matched the ground truth
   * (null: no text-layer reading). Shows whether `resolved` outvoting the text layer helps. */
  textLayerRight?: boolean | null;
  /** Every reading's text, only where readings disagree (for finding which reading was right). */
  readings?: Record<string, string>;
  /** The review page queues the cell by default (lib/review/queue.ts). */
  queued?: boolean;
  /** The readings that back the delivered value (only on queued cells: why a person is asked). */
  sources?: string[];
  /** Queued for its place only (value agreed by two readings): part of a structure question. */
  structureOnly?: boolean;
}

function valueKey(text: string): string {
  return comparisonKey(text).replace(/\s+/g, "");
}

/** Delivered cells (header and body, with a box) matched to ground-truth cells. */
export function calibrateCells(result: Result, truth: GtRegion[], pageTurnDeg?: (page: number) => number): CalibratedCell[] {
  const heights = new Map(result.pages.map((p) => [p.page, p.height]));
  const widths = new Map(result.pages.map((p) => [p.page, p.width]));
  const gtCells = truth.flatMap((region) =>
    region.cells.flatMap((cell, k) => {
      const height = heights.get(region.page);
      if (!cell.box || height === undefined) return [];
      const [x1, y1, x2, y2] = cell.box;
      let box: Box = [Math.min(x1, x2), height - Math.max(y1, y2), Math.max(x1, x2), height - Math.min(y1, y2)];
      // A realistic scan's page was turned by a known angle (eval/realistic-scans.ts) and the
      // result's boxes are on the page as scanned: the ground-truth box moves with its centre.
      const turn = pageTurnDeg?.(region.page) ?? 0;
      if (turn !== 0) box = turnedBox(box, turn, widths.get(region.page) ?? 0, height);
      return [{ id: `${region.page}:${k}:${cell.startRow},${cell.startCol}:${box.join(",")}`, page: region.page, box, text: cell.text }];
    }),
  );
  const matches: Array<{ cell: Cell; page: number; gt: (typeof gtCells)[number] }> = [];
  for (const table of result.tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      if (!cell.bbox || cell.value.trim() === "") continue;
      let best: (typeof gtCells)[number] | null = null;
      let bestShare = 0;
      for (const gt of gtCells) {
        if (gt.page !== table.page) continue;
        const cut = boxIntersection(cell.bbox, gt.box);
        const share = cut ? boxArea(cut) / Math.max(1e-6, Math.min(boxArea(cell.bbox), boxArea(gt.box))) : 0;
        if (share > bestShare) {
          bestShare = share;
          best = gt;
        }
      }
      if (best && bestShare >= 0.5) matches.push({ cell, page: table.page, gt: best });
    }
  }
  const uses = new Map<string, number>();
  for (const m of matches) uses.set(m.gt.id, (uses.get(m.gt.id) ?? 0) + 1);
  return matches.map((m) => ({
    confidence: m.cell.confidence,
    isRight: valueKey(m.cell.value) === valueKey(m.gt.text),
    isOneToOne: uses.get(m.gt.id) === 1,
    value: m.cell.value,
    truth: m.gt.text,
    page: m.page,
    ...(m.cell.readings ? { readings: { ...m.cell.readings } } : {}),
    ...(isQueued(m.cell)
      ? { queued: true, sources: [...m.cell.sources], ...(isStructureOnlyDoubt(m.cell) ? { structureOnly: true } : {}) }
      : {}),
    ...(m.cell.readings
      ? { textLayerRight: m.cell.readings["pdf-text"] === undefined ? null : valueKey(m.cell.readings["pdf-text"]) === valueKey(m.gt.text) }
      : {}),
  }));
}

/** `box` moved as its page turned by `deg` (clockwise as seen) about the page's centre: its centre
 * turns, its size stays (the turns are a few degrees). */
function turnedBox(box: Box, deg: number, width: number, height: number): Box {
  const rad = (deg * Math.PI) / 180;
  const dx = (box[0] + box[2]) / 2 - width / 2;
  const dy = (box[1] + box[3]) / 2 - height / 2;
  const cx = width / 2 + Math.cos(rad) * dx - Math.sin(rad) * dy;
  const cy = height / 2 + Math.sin(rad) * dx + Math.cos(rad) * dy;
  const hw = (box[2] - box[0]) / 2;
  const hh = (box[3] - box[1]) / 2;
  return [cx - hw, cy - hh, cx + hw, cy + hh];
}

export interface CalibrationSummary {
  cells: number;
  /** Per level; `withTextLayer` counts cells with readings that include the text layer's, and
   * `textLayerRight` those of them where that reading alone matched the ground truth. */
  perLevel: Record<string, { cells: number; right: number; share: number; withTextLayer: number; textLayerRight: number }>;
  /** Of cells called verified, the share that are right. */
  verifiedRight: number;
  /** Of wrong cells, the share not called verified. */
  wrongNotVerified: number;
  /** The counts behind the two shares: with a handful of wrong cells a share says little alone. */
  counts: { verified: number; verifiedRight: number; wrong: number; wrongNotVerified: number };
  /** Share of cells called verified. */
  verifiedShare: number;
}

export function summariseCalibration(cells: readonly CalibratedCell[]): CalibrationSummary {
  const perLevel: CalibrationSummary["perLevel"] = {};
  for (const cell of cells) {
    const level = (perLevel[cell.confidence] ??= { cells: 0, right: 0, share: 0, withTextLayer: 0, textLayerRight: 0 });
    level.cells += 1;
    if (cell.isRight) level.right += 1;
    if (typeof cell.textLayerRight === "boolean") level.withTextLayer += 1;
    if (cell.textLayerRight) level.textLayerRight += 1;
  }
  for (const level of Object.values(perLevel)) level.share = level.cells ? level.right / level.cells : 0;
  const verified = cells.filter((c) => c.confidence === "verified");
  const wrong = cells.filter((c) => !c.isRight);
  const counts = {
    verified: verified.length,
    verifiedRight: verified.filter((c) => c.isRight).length,
    wrong: wrong.length,
    wrongNotVerified: wrong.filter((c) => c.confidence !== "verified").length,
  };
  return {
    cells: cells.length,
    perLevel,
    verifiedRight: counts.verified ? counts.verifiedRight / counts.verified : 0,
    wrongNotVerified: counts.wrong ? counts.wrongNotVerified / counts.wrong : 1,
    verifiedShare: cells.length ? counts.verified / cells.length : 0,
    counts,
  };
}
