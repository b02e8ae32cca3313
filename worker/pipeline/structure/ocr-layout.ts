// Structure reader ocr-layout: the page image's own proposal of where the tables are and how they
// are cut, made from nothing the other readers read. It takes the first OCR engine's words on the
// page render (their positions as the image shows them: the engine's word and line boxes), lays
// them out as a scan's words are laid out (scan/scanned-page.ts ocrWordsToPageWords), and runs
// table detection on them with no rulings and no text layer: its own regions (where a table
// starts and ends, one table or two), its own rows and columns. So where detection on the text
// layer splits one table at an indented group heading, joins two stacked tables, or folds a narrow
// column into its neighbour, this reading is wrong only if the image misleads it the same way.
// Every other segmentation reader reads inside the regions detection delivered; this one does not.
// Only on pages with a text layer (on a scan the page's words are OCR words already, and
// detection read them) and only when OCR ran.
import type { PdfGraphicsReading } from "../types";
import { detectTables } from "../tables/detect-tables";
import { ocrWordsToPageWords } from "../scan/scanned-page";
import type { StructureReader } from "./types";
import { isSegmentation } from "./is-segmentation";
import { holdsNumbers } from "./pdf-layout";

const NO_GRAPHICS: PdfGraphicsReading = { rulings: [], filledRects: [], drawings: [], images: [] };

export const ocrLayoutReader: StructureReader = {
  name: "ocr-layout",
  inputs: ["page-image"],
  read({ ocr, settings, wordsFromOcr }) {
    if (wordsFromOcr) return null;
    const reading = ocr["ocr-2"] ?? ocr["ocr-1"];
    if (!reading || reading.words.length === 0) return null;
    const words = ocrWordsToPageWords(reading.words);
    const tables = detectTables(words, NO_GRAPHICS, settings).tables.filter((model) => isSegmentation(model) && holdsNumbers(model));
    return tables.length > 0 ? { source: "ocr-layout", kind: "tables", tables } : null;
  },
};
