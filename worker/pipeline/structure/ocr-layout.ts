// Structure reader ocr-layout: the page image's own proposal of where the tables are and how they
// are cut, made from nothing the other readers read. It takes the first OCR engine's words on the
// page render (their positions as the image shows them: the engine's word and line boxes), lays
// them out as a scan's words are laid out (scan/scanned-page.ts ocrWordsToPageWords), and runs
// table detection on them with no rulings and no text layer: its own regions (where a table
// starts and ends, one table or two), its own rows and columns. So where detection on the text
// layer splits one table at an indented group heading, joins two stacked tables, or folds a narrow
// column into its neighbour, this reading is wrong only if the image misleads it the same way.
// Every other segmentation reader reads inside the regions detection delivered; this one does not.
// On a scan the page's words are one OCR engine's words already, and detection read them: a second
// detection on them would repeat its merges. There it reads the OTHER engine's words on the whole
// page (context.otherOcrWords, present only while pdf-model's scan reading is on), which segment
// and place words their own way, so the boundary vote has a proposal on a scan too
// (STRUCTURE_SETTINGS.ocrLayoutScanRegions).
import type { PdfGraphicsReading, TableModel, Word } from "../types";
import type { Settings } from "../settings";
import { detectTables } from "../tables/detect-tables";
import { ocrWordsToPageWords } from "../scan/scanned-page";
import type { StructureReader, StructureReading } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";
import { STRUCTURE_SETTINGS } from "./settings";

const NO_GRAPHICS: PdfGraphicsReading = { rulings: [], filledRects: [], drawings: [], images: [] };

export const ocrLayoutReader: StructureReader = {
  name: "ocr-layout",
  inputs: ["page-image"],
  read({ ocr, settings, wordsFromOcr, otherOcrWords }) {
    if (wordsFromOcr) {
      if (!otherOcrWords || !STRUCTURE_SETTINGS.ocrLayoutScanRegions || STRUCTURE_SETTINGS.pdfModelScanVote === "off") return null;
      const tables = detectedTables(otherOcrWords.words, settings);
      return tables.length > 0 ? { source: "ocr-layout", kind: "tables", tables, inputs: ["second-ocr-words"] } : null;
    }
    const reading = ocr["ocr-2"] ?? ocr["ocr-1"];
    if (!reading || reading.words.length === 0) return null;
    const tables = detectedTables(ocrWordsToPageWords(reading.words), settings);
    return tables.length > 0 ? ({ source: "ocr-layout", kind: "tables", tables } satisfies StructureReading) : null;
  },
};

/** Table detection on `words` alone (no rulings): the tables that are a segmentation and hold a number. */
function detectedTables(words: Word[], settings: Settings): TableModel[] {
  return detectTables(words, NO_GRAPHICS, settings).tables.filter((model) => isSegmentation(model) && holdsNumbers(model));
}
