// Line crops cut from a page's own text layer, for PaddleOCR recognition without detection: on a
// born-digital page the text layer already says where every line of text is, so the detector
// (a fifth of ocr-2's time on a dense page) would only find the same places again. The crops
// split where the detector splits (words about a line height apart join, a wider gutter does
// not) and carry about the margin its crops carry, which is what the recogniser was trained on.
// What the text layer does not say (drawn text it has no word for) is checked separately, on the
// pixels (unexplained-ink.ts): with such ink on the page, detection reads it as before.
import type { BBox } from "../../../../lib/result/schema";
import type { Word as PageWord } from "../../types";
import type { TextLayerLineSettings } from "../settings";

interface Row {
  words: PageWord[];
  top: number;
  bottom: number;
}

/** The text layer's upright words as recognition crops (PDF points), one per run of words on a
 * line with no gap wider than `joinGapEm` font sizes. Words set in another direction are left
 * out: their ink stays unexplained, so such a page is read by detection. */
export function textLayerLineBoxes(words: readonly PageWord[], settings: TextLayerLineSettings): BBox[] {
  const upright = words.filter((w) => w.dir === 0 && w.text.trim() !== "" && w.box[3] > w.box[1] && w.box[2] > w.box[0]);
  // Rows: a word joins a row when its middle lies within the row's band or the two overlap by
  // more than half the shorter height. The tallest words found the rows, so a raised footnote
  // mark joins its line rather than starting one of its own.
  const rows: Row[] = [];
  const height = (w: PageWord) => w.box[3] - w.box[1];
  const byHeight = [...upright].sort((a, b) => height(b) - height(a) || a.box[1] + a.box[3] - (b.box[1] + b.box[3]));
  for (const word of byHeight) {
    const [, y0, , y1] = word.box;
    const middle = (y0 + y1) / 2;
    const row = rows.find(
      (r) =>
        (middle >= r.top && middle <= r.bottom) || Math.min(r.bottom, y1) - Math.max(r.top, y0) > 0.5 * Math.min(r.bottom - r.top, y1 - y0),
    );
    if (row) {
      row.words.push(word);
      row.top = Math.min(row.top, y0);
      row.bottom = Math.max(row.bottom, y1);
    } else rows.push({ words: [word], top: y0, bottom: y1 });
  }
  const crops: BBox[] = [];
  for (const row of rows) {
    const sorted = row.words.sort((a, b) => a.box[0] - b.box[0]);
    let run: BBox | null = null;
    let runSize = 0;
    const flush = () => {
      if (!run) return;
      const h = run[3] - run[1];
      const v = settings.padEm.vertical * h;
      const s = settings.padEm.horizontal * h;
      crops.push([run[0] - s, run[1] - v, run[2] + s, run[3] + v]);
    };
    for (const word of sorted) {
      const size = Math.max(word.size, word.box[3] - word.box[1]);
      if (run && word.box[0] - run[2] <= settings.joinGapEm * Math.max(size, runSize)) {
        run = [run[0], Math.min(run[1], word.box[1]), Math.max(run[2], word.box[2]), Math.max(run[3], word.box[3])];
        runSize = Math.max(runSize, size);
      } else {
        flush();
        run = [...word.box] as BBox;
        runSize = size;
      }
    }
    flush();
  }
  return crops;
}
