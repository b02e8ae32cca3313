// Tables labelled in a script other than Latin (DejaVu Sans has Hebrew, Greek and Arabic): row
// labels and column names in the script, numbers in digits. A right-to-left script's table is
// drawn as such documents are: the label column on the right, numbers left to right; pdf-lib lays
// text out with fontkit, which puts a right-to-left script's glyphs in visual order itself, so the
// strings passed to it (and the truth) are logical; only the column order is the page's. Varied per
// draw: size, columns, rows, gaps, number formats, rules above, under the header and below (odd
// variants) or none. The Hebrew one is the eval's right-to-left family; Greek and Arabic serve the
// tests of reading a script with a model of its own (worker/pipeline/ocr/script-languages.ts), not
// the eval's family list: the metric drops non-ASCII text.
import { Canvas } from "./canvas";
import { int, numberRow, pick, sample, STYLES } from "./content";
import { drawTable, simplePlan } from "./draw-table";
import type { Family } from "./family";

export interface Vocabulary {
  places: string[];
  columns: string[];
  stubs: string[];
  rightToLeft: boolean;
}

const GREEK: Vocabulary = {
  places: ["Αθήνα", "Θεσσαλονίκη", "Πάτρα", "Ηράκλειο", "Λάρισα", "Βόλος", "Ιωάννινα", "Χανιά", "Καβάλα", "Σέρρες", "Κέρκυρα", "Ρόδος"],
  columns: ["Πληθυσμός", "Έκταση", "Πυκνότητα", "Νοικοκυριά", "Απασχόληση", "Εισόδημα"],
  stubs: ["Πόλη", "Περιοχή", "Δήμος"],
  rightToLeft: false,
};

const ARABIC: Vocabulary = {
  places: ["القاهرة", "الإسكندرية", "الجيزة", "أسوان", "الأقصر", "طنطا", "المنصورة", "السويس", "دمياط", "الفيوم", "المنيا", "سوهاج"],
  columns: ["السكان", "المساحة", "الكثافة", "الأسر", "العاملون", "الدخل"],
  stubs: ["المدينة", "المنطقة", "المحافظة"],
  rightToLeft: true,
};

export function scriptTableFamily(name: string, about: string, words: Vocabulary): Family {
  return {
    name,
    about,
    async build({ doc, fonts, rng, variant }) {
      const font = await fonts.nonLatin();
      const canvas = Canvas.add(doc);
      const size = int(rng, 9, 11);
      const cols = int(rng, 2, 4);
      const style = pick(rng, STYLES);
      const header = [pick(rng, words.stubs), ...sample(rng, words.columns, cols)];
      const logical = sample(rng, words.places, int(rng, 4, 8)).map((place) => [place, ...numberRow(rng, cols, style)]);
      const order = <T>(row: T[]) => (words.rightToLeft ? [...row].reverse() : row);
      const plan = simplePlan(order(header), logical.map(order));
      const drawn = drawTable(canvas, plan, {
        x: int(rng, 80, 140),
        y: int(rng, 90, 150),
        size,
        font: font.regular,
        headerFont: font.bold,
        colGap: int(rng, 18, 34),
        pitch: 1.5,
      });
      if (variant % 2 === 1) {
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[1] - 3);
        canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
        canvas.hline(drawn.box[0], drawn.box[2], drawn.box[3] + 3);
      }
      canvas.finish();
      return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
    },
  };
}

export const GREEK_TABLE = scriptTableFamily("greek-table", "Greek table: labels and names in Greek", GREEK);
export const ARABIC_TABLE = scriptTableFamily("arabic-table", "Arabic table: values in logical order, label column on the right", ARABIC);
