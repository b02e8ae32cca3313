// Structure reader pdf-model: a trained reading of a table region's words (no rulings). Where the
// other text readings are rules written by hand (pdf-layout's chunking and gutters, pdf-stream's
// value-line profile), this one was learned from the generated layout families and one shared set
// (docs/pdf-model.md): boosted trees decide which neighbouring words share a cell, which lines
// continue a row, which whitespace valleys are column boundaries and which top rows are the header,
// and the grid is assembled from those answers (read-region.ts). Learned and hand-written readings
// fail on different tables, which is what a vote needs.
// It reads the regions table detection delivers, like pdf-layout, and abstains where its table is
// no segmentation (isSegmentation) or holds no number (a legend, a key: text in columns).
// On a page with a text layer it reads the text layer's words with the model trained on text
// layers; its say in the vote is STRUCTURE_SETTINGS.pdfModelVote (voting in full it lowered the
// trust figures with OCR on, so by default it is reported beside the vote).
// On a scan the page's words are one OCR engine's, and a second reading of those same words would
// share every misplaced box with pdf-layout. So there it reads the OTHER engine's words on the whole
// page (context.otherOcrWords), with the model trained on text layers roughened like OCR boxes
// (model-scan.json, scan-noise.ts), and declares that input; its say is
// STRUCTURE_SETTINGS.pdfModelScanVote. Without the other engine's words it has no opinion on a scan.
// pdf-layout and this reading read the same detected region, and where it is wrong they make the
// same wrong neighbours; so on a scan its support counts only on the cells the page image's own
// grid agrees with (ink-grid.ts, STRUCTURE_SETTINGS.pdfModelScanInkGate), and it declares the page
// image among its inputs. Elsewhere it may only object.
import type { StructureReader, StructureReading } from "../types";
import { isSegmentation } from "../is-segmentation";
import { holdsNumbers } from "../pdf-layout";
import { STRUCTURE_SETTINGS } from "../settings";
import { loadPdfModel, loadPdfScanModel } from "./model-file";
import { modelDeciders, readRegion } from "./read-region";
import { gridToModel } from "../../tables/build-table";
import { cellsOffScanInkGrid } from "../ink-grid";
import type { Grid } from "../../geometry/rulings-to-grid";
import type { Box, Word } from "../../types";
import type { Settings } from "../../settings";

type Say = "full" | "objects" | "none";

function sayOf(vote: Say): Partial<StructureReading> {
  return vote === "objects" ? { objectsOnly: true } : vote === "none" ? { concursOnly: true } : {};
}

export const pdfModelReader: StructureReader = {
  name: "pdf-model",
  // The text layer's words inside the regions table detection delivered: the same inputs as
  // pdf-layout, so it counts in its group when shared inputs are counted once. On a scan the
  // reading itself declares what it read (the other engine's words).
  inputs: ["text-geometry", "detected-regions"],
  async read({ words, tableRegions, wordsFromOcr, otherOcrWords, detected, settings, scanImage }) {
    if (tableRegions.length === 0) return null;
    if (wordsFromOcr && (!otherOcrWords || STRUCTURE_SETTINGS.pdfModelScanVote === "off")) return null;
    const onScan = wordsFromOcr === true;
    const deciders = modelDeciders(await (onScan ? loadPdfScanModel() : loadPdfModel()));
    const read = onScan ? otherOcrWords!.words : words;
    const regions = onScan ? scanRegions(tableRegions, detected.grids, words, settings) : tableRegions;
    const readings = regions.flatMap((region) => {
      const model = readRegion(read, region, deciders);
      return model && isSegmentation(model) && holdsNumbers(model) ? [{ region, model }] : [];
    });
    const tables = readings.map((r) => r.model);
    if (tables.length === 0) return null;
    if (onScan) {
      // The ink gate: its support only where the page image's own grid agrees (ink-grid.ts).
      const gate = STRUCTURE_SETTINGS.pdfModelScanInkGate;
      const abstainOn = gate ? readings.flatMap(({ region, model }) => cellsOffScanInkGrid(model, scanImage ?? null, region)) : [];
      return {
        source: "pdf-model",
        kind: "tables",
        tables,
        inputs: gate ? ["second-ocr-words", "detected-regions", "page-image"] : ["second-ocr-words", "detected-regions"],
        ...(abstainOn.length > 0 ? { abstainOn } : {}),
        ...sayOf(STRUCTURE_SETTINGS.pdfModelScanVote as Say),
      } as StructureReading;
    }
    return { source: "pdf-model", kind: "tables", tables, ...sayOf(STRUCTURE_SETTINGS.pdfModelVote) } as StructureReading;
  },
};

/** The table regions pdf-model reads on a scan: a region pdf-grid reads already has its second
 * segmentation, so it is left out (unless STRUCTURE_SETTINGS.pdfModelScanRuledRegions): a ruled
 * grid pdf-grid reads as a segmentation covering at least half of it. The structure stage asks
 * first, so the other engine reads a page only where there is such a region to read. */
export function scanRegions(tableRegions: readonly Box[], grids: readonly Grid[], words: Word[], settings: Settings): Box[] {
  if (STRUCTURE_SETTINGS.pdfModelScanRuledRegions) return [...tableRegions];
  const ruled = ruledBoxes(grids, words, settings);
  return tableRegions.filter((region) => !ruled.some((box) => overlapShare(region, box) >= 0.5));
}

/** The boxes of the grids pdf-grid reads as a segmentation (pdf-grid.ts). */
function ruledBoxes(grids: readonly Grid[], words: Word[], settings: Settings): Box[] {
  return grids
    .filter((grid) => {
      const model = gridToModel(grid, words, settings);
      return model !== null && isSegmentation(model);
    })
    .map((grid) => grid.box);
}

/** The share of `region`'s area that `box` covers. */
function overlapShare(region: Box, box: Box): number {
  const w = Math.min(region[2], box[2]) - Math.max(region[0], box[0]);
  const h = Math.min(region[3], box[3]) - Math.max(region[1], box[1]);
  const area = (region[2] - region[0]) * (region[3] - region[1]);
  return w > 0 && h > 0 && area > 0 ? (w * h) / area : 0;
}
