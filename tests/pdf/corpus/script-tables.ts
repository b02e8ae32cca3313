// Tables labelled in Greek or Arabic (DejaVu Sans has both scripts), for the tests of reading a
// script with a model of its own (worker/pipeline/ocr/script-languages.ts). Not in the eval's
// family list: the metric drops non-ASCII text, so these are scored by their tests alone. Greek
// reads left to right; Arabic right to left, drawn like the right-to-left (Hebrew) family: the
// label column on the right, values given in logical order. Varied per draw: size, columns, rows,
// gaps, number formats, a rule under the header or none.
import { Canvas } from "./canvas";
import { int, numberRow, pick, sample, STYLES } from "./content";
import { drawTable, simplePlan } from "./draw-table";
import type { Family } from "./family";

interface Vocabulary {
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

function scriptFamily(name: string, words: Vocabulary): Family {
  return {
    name,
    about: `${name}: row labels and column names in the script, numbers in digits`,
    async build({ doc, fonts, rng, variant }) {
      const font = await fonts.hebrew();
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
      if (variant % 2 === 1) canvas.hline(drawn.box[0], drawn.box[2], drawn.rowY[0]![1] + 3);
      canvas.finish();
      return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
    },
  };
}

export const GREEK_TABLE = scriptFamily("greek-table", GREEK);
export const ARABIC_TABLE = scriptFamily("arabic-table", ARABIC);
