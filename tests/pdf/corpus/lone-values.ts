// A layout family for the OCR cascade's crops: statistical tables whose cells are often one lone
// glyph ("0", "7", "x") or a nil mark ("-", "..", "—") in small type, their boxes cut to the text (no vertical rulings), rows
// ruled or not. Some lone cells lie: the text layer holds one digit and the page shows another
// (the shown digit drawn as an image, the text-layer one invisible), or a digit under an em dash
// and an em dash under a digit. Body text in larger type runs
// under the table, as in a report, so the page is rendered for the body's size and the table's
// glyphs come out small. Every look is drawn from the seed: face, sizes, row pitch, column widths,
// rulings, share of lone values.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { A4, drawTop, renderTextToPng, type PlacedText } from "../ocr-test-pdfs";
import { pick, seededRng } from "./content";

export interface LoneCell {
  /** What the text layer says. */
  text: string;
  /** What the page shows (differs from `text` in a lie). */
  shown: string;
  /** The glyph's box, PDF points, top-left origin. */
  box: [number, number, number, number];
}

export interface LoneValuesDraw {
  pdf: Uint8Array;
  cells: LoneCell[];
  look: { face: string; size: number; bodySize: number; pitch: number; rules: string; columns: number; rows: number };
}

const FACES = [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier] as const;
const LONE = ["0", "0", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "x", "-", "-", "\u2013", "..", "*"];
/** The em dash ("\u2014", zero or not applicable in US government tables) is a mark of its own:
 * PaddleOCR's recogniser cannot name a lone one (missed-marks.ts). This share of the lone values
 * becomes one, decided by a second stream so that the first draws every look as before. */
const EM_DASH_SHARE = 0.12;
const EM_DASH = "\u2014";
/** A lie shows a glyph the text layer's cannot be mistaken for by shape: another digit, a digit
 * under a dash, a dash under a digit. */
const LIES: Record<string, string> = {
  "0": "4",
  "1": "8",
  "2": "6",
  "3": "7",
  "5": "1",
  "7": "0",
  "8": "2",
  "9": "5",
  "-": "3",
  "6": "-",
  [EM_DASH]: "4",
  "4": EM_DASH,
};
const LABELS = ["Austria", "Belgium", "Bulgaria", "Cyprus", "Denmark", "Estonia", "Finland", "France", "Greece", "Hungary"];
const LABELS_MORE = ["Ireland", "Italy", "Latvia", "Malta", "Poland", "Romania", "Spain", "Sweden"];
const PROSE = [
  "Only a small share of the isolates reported in the period were further typed, and most of",
  "those came from three reporting countries. The figures in the table are cases confirmed by a",
  "laboratory; a zero means that the country reported and found none, while an x marks a country",
  "that did not report for that group. Totals are not shown where fewer than five cases were",
  "reported, since the share of each origin would then rest on a handful of records. Countries",
  "that changed their reporting system during the year are shown with the figures of the new",
  "system only, and earlier years are not comparable with these. Further detail on each country",
  "is given in the annex, with the methods of detection and the definitions each one applied.",
];

export async function drawLoneValues(seed: number, lies = 2): Promise<LoneValuesDraw> {
  const rng = seededRng(seed);
  const dashes = seededRng(seed + 0x2014);
  const faceName = pick(rng, FACES);
  const size = 6.5 + Math.round(rng() * 30) / 10;
  const bodySize = 10 + Math.round(rng() * 15) / 10;
  const pitch = size * (1.5 + rng() * 0.7);
  const rules = pick(rng, ["rows", "none", "top-bottom"] as const);
  const columns = 3 + Math.floor(rng() * 4);
  const rows = 8 + Math.floor(rng() * 7);
  const loneShare = 0.5 + rng() * 0.4;
  const labels = [...LABELS, ...LABELS_MORE].slice(0, rows);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(faceName);
  const bold = await doc.embedFont(faceName === StandardFonts.Courier ? StandardFonts.CourierBold : StandardFonts.HelveticaBold);
  const page = doc.addPage(A4);
  const h = page.getHeight();
  const left = 60 + Math.round(rng() * 40);
  const top = 120 + Math.round(rng() * 80);
  const stubWidth = 90;
  const widths = Array.from({ length: columns }, () => 40 + Math.round(rng() * 35));
  const right = left + stubWidth + widths.reduce((a, b) => a + b, 0);
  const centreOf = (c: number) => left + stubWidth + widths.slice(0, c).reduce((a, b) => a + b, 0) + widths[c]! / 2;
  drawTop(page, bold, { text: `Table ${seed}. Cases by country and origin`, x: left, baseline: top - 2.5 * pitch, size: size + 1 });
  for (let c = 0; c < columns; c++) {
    const head = `Group ${String.fromCharCode(65 + c)}`;
    drawTop(page, bold, { text: head, x: centreOf(c) - bold.widthOfTextAtSize(head, size) / 2, baseline: top - 0.6 * pitch, size });
  }
  const line = (y: number) =>
    page.drawLine({ start: { x: left, y: h - y }, end: { x: right, y: h - y }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
  line(top);
  const cells: LoneCell[] = [];
  const lieAt = new Set<number>();
  while (lieAt.size < lies) lieAt.add(Math.floor(rng() * rows * columns));
  for (let r = 0; r < rows; r++) {
    const baseline = top + (r + 1) * pitch - (pitch - size) / 2 - size * 0.2;
    drawTop(page, font, { text: labels[r]!, x: left + 4, baseline, size });
    for (let c = 0; c < columns; c++) {
      const lieHere = lieAt.has(r * columns + c);
      const lone = rng() < loneShare || lieHere;
      const drawn = lieHere
        ? pick(rng, Object.keys(LIES))
        : lone
          ? pick(rng, LONE)
          : `${Math.floor(rng() * 900) + 10}.${Math.floor(rng() * 10)}`;
      const text = lone && !lieHere && dashes() < EM_DASH_SHARE ? EM_DASH : drawn;
      const width = font.widthOfTextAtSize(text, size);
      const placed: PlacedText = { text, x: centreOf(c) - width / 2, baseline, size };
      const box: LoneCell["box"] = [placed.x, baseline - size, placed.x + width, baseline + size * 0.25];
      const lie = lieHere;
      if (!lie) {
        drawTop(page, font, placed);
        if (lone) cells.push({ text, shown: text, box });
        continue;
      }
      // The shown digit as pixels (no text layer), the text layer's digit invisible over it.
      const shown = LIES[text]!;
      const glyphs = await renderTextToPng({ ...placed, text: shown }, [box[0] - 1, box[1], box[2] + 1, box[3]]);
      const image = await doc.embedPng(glyphs.png);
      const [x0, y0, x1, y1] = glyphs.box;
      page.drawImage(image, { x: x0, y: h - y1, width: x1 - x0, height: y1 - y0 });
      drawTop(page, font, placed, { invisible: true });
      cells.push({ text, shown, box });
    }
    if (rules === "rows" || (rules === "top-bottom" && r === rows - 1)) line(top + (r + 1) * pitch);
  }
  const proseTop = top + (rows + 2) * pitch + bodySize * 2;
  PROSE.forEach((text, i) => drawTop(page, font, { text, x: 60, baseline: proseTop + i * bodySize * 1.4, size: bodySize }));
  return {
    pdf: await doc.save(),
    cells,
    look: { face: faceName, size, bodySize, pitch: Math.round(pitch * 10) / 10, rules, columns, rows },
  };
}
