// The page pipeline as a list: the named stages every page goes through, in order, over one page
// context (page-context.ts), each run, timed and switched off the same way (page-stage.ts). Before
// them start-page.ts opens the page, reads its text layer and rulings ("read") and sets its first
// OCR reading going, one page ahead when OCR runs. A stage is a module plus a line here.
import type { PageStage } from "./page-stage";
import { ocrStage } from "./ocr";
import { scanStage } from "./scan";
import { assembleStage } from "./assemble";
import { structureStage } from "./structure";
import { ocrCellsStage } from "./ocr-cells";
import { ocrStandingStage } from "./ocr-standing";
import { ocrScriptsStage } from "./ocr-scripts";
import { reconcileStage } from "./reconcile";
import { scanTieBreakStage } from "./scan-tie-break";
import { structureVoteStage } from "./structure-vote";
import { boundaryVoteStage } from "./boundary-vote";
import { toPageStage } from "./to-page";
import { continuationStage } from "./continuation";
import { cropsStage } from "./crops";
import { visionReviewStage, visionStartStage, visionStructureStage, visionValuesStage } from "./vision";

export const PAGE_STAGES: readonly PageStage[] = [
  // The first OCR engine's whole-page reading, awaited; a scan no engine read fails here.
  ocrStage,
  // A page without a text layer: words from OCR, rulings from the prepared image.
  scanStage,
  // Tables, charts, figures, prose, reading order (extract-page.ts).
  assembleStage,
  // Vision readers (when configured) start reading the page image.
  visionStartStage,
  // Every structure reading of the page's tables (structure/registry.ts).
  structureStage,
  // The cascade: the second engine reads the cells in doubt (ocr/cascade.ts).
  ocrCellsStage,
  // Cells whose text stands on end, read again in its direction (ocr/standing-cells.ts).
  ocrStandingStage,
  // Cells in Hebrew, Greek or Arabic, read again with a model of the script (ocr/script-languages.ts).
  ocrScriptsStage,
  // The vision readers' cell readings, for the value vote.
  visionValuesStage,
  // The value vote, then a scan's checks (scan/scan-checks.ts).
  reconcileStage,
  // A scan's cells the two engines still read differently, read a third time (scan/tie-break.ts).
  scanTieBreakStage,
  // The vision readers' grids join the structure readings.
  visionStructureStage,
  // Each cell's boundaries against the structure readings.
  structureVoteStage,
  // Each table's extent, split and column count against independent proposals.
  boundaryVoteStage,
  // A scan's boxes back onto the page as scanned.
  toPageStage,
  // The vision audit and reviewer judge the voted cells against the page image.
  visionReviewStage,
  // Tables continued from the previous page.
  continuationStage,
  // Figure crops.
  cropsStage,
];
