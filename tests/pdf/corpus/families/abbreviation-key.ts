// A ruled table whose column names are abbreviations, with a key under it: each abbreviation and
// what it stands for, in two aligned columns (a label such as "Sources:" before the first pair in some
// variants; a long meaning wrapping under its own start, as printed keys do). Text geometry sees
// the key's short lines as a small table of words; the ICDAR ground truth has only the table.
import { Canvas } from "../canvas";
import { COUNTRIES, int, numberRow, pick, sample, STYLES } from "../content";
import { drawTable, simplePlan } from "../draw-table";
import type { Family } from "../family";
import type { PDFFont } from "pdf-lib";

const KEY: Array<[string, string]> = [
  ["LDA", "La Distribution alimentaire"],
  ["AIM", "Association des industries de marque"],
  ["PBUK", "UK Pocketbook"],
  ["EH", "European Handbook"],
  ["HBS", "Household Budget Survey"],
  ["NSO", "National statistical offices"],
  ["LFS", "Labour Force Survey"],
  ["SBS", "Structural business statistics"],
  ["OXR", "Oxford Retail Review, regional edition"],
  ["TRD", "Trade association estimates"],
];
/** Country codes as statistical tables print them. */
const ISO: Record<string, string> = {
  Austria: "AT",
  Belgium: "BE",
  Bulgaria: "BG",
  Croatia: "HR",
  Cyprus: "CY",
  Czechia: "CZ",
  Denmark: "DK",
  Estonia: "EE",
  Finland: "FI",
  France: "FR",
  Germany: "DE",
  Greece: "EL",
  Hungary: "HU",
  Ireland: "IE",
  Italy: "IT",
  Latvia: "LV",
  Lithuania: "LT",
  Luxembourg: "LU",
  Malta: "MT",
  Netherlands: "NL",
  Poland: "PL",
  Portugal: "PT",
  Romania: "RO",
  Slovakia: "SK",
  Slovenia: "SI",
  Spain: "ES",
  Sweden: "SE",
  Norway: "NO",
};
const LONG = [
  "referred to in the regional review of retail markets (date of estimate not reported in source)",
  "survey of retailers and wholesalers, estimates not comparable across years before the break in series",
];

export const abbreviationKey: Family = {
  name: "abbreviation-key",
  about: "a key of abbreviations in two columns under a table is not a table",
  async build({ doc, fonts, rng, variant }) {
    const font = await fonts.proportional(variant);
    const canvas = Canvas.add(doc);
    const size = int(rng, 8, 10);
    const codes = sample(rng, KEY, int(rng, 3, 5));
    const style = pick(rng, STYLES);
    const labels = sample(rng, COUNTRIES, int(rng, 5, 9));
    // Every fourth variant labels its rows by country code and keys those codes instead, several
    // pairs to a line ("AT Austria   BE Belgium   CZ Czechia"), as EU tables do.
    const byCountryCode = variant % 4 === 3;
    const rowLabel = (label: string) => (byCountryCode ? ISO[label]! : label);
    const plan = simplePlan(
      ["Country", ...codes.map(([code]) => code)],
      labels.map((label) => [rowLabel(label), ...numberRow(rng, codes.length, style)]),
    );
    const x = int(rng, 60, 100);
    const y = int(rng, 90, 150);
    const drawn = drawTable(canvas, plan, { x, y, size, font: font.regular, headerFont: font.bold, colGap: int(rng, 16, 30), pitch: 1.45 });
    // A ruled grid (as in the EU report this family comes from: the key sits under the grid).
    const left = drawn.box[0] - 4;
    const right = drawn.box[2] + 4;
    const lines = [drawn.rowY[0]![0] - 3, ...drawn.rowY.slice(1).map(([top], k) => (drawn.rowY[k]![1] + top) / 2), drawn.box[3] + 3];
    for (const ly of lines) canvas.hline(left, right, ly);
    const xs = [left, ...drawn.colX.slice(1).map(([x0], k) => (drawn.colX[k]![1] + x0) / 2), right];
    for (const lx of xs) canvas.vline(lx, lines[0]!, lines[lines.length - 1]!);
    if (byCountryCode) {
      drawCountryKey(canvas, labels, {
        x,
        y: drawn.box[3] + 3 + size * int(rng, 1, 2),
        size: Math.max(6, size - 1),
        font: font.regular,
        perLine: int(rng, 2, 4),
        gap: int(rng, 18, 36),
      });
      canvas.finish();
      return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
    }
    // The key: [label] code  meaning, one pair a line at the text's own pitch; the last pair's
    // meaning long enough (in some variants) to wrap under the meaning column.
    const keySize = variant % 3 === 0 ? size : Math.max(6, size - 1);
    const labelText = variant % 2 === 0 ? pick(rng, ["Sources:", "Key:", "Abbreviations:"]) : "";
    const codeX = x + (labelText ? font.regular.widthOfTextAtSize(labelText, keySize) + int(rng, 6, 12) : 0);
    const meaningX = codeX + Math.max(...codes.map(([c]) => font.regular.widthOfTextAtSize(c, keySize))) + int(rng, 12, 24);
    const pitch = keySize * 1.2;
    let keyY = drawn.box[3] + 3 + size * int(rng, 1, 2);
    if (labelText) canvas.text(labelText, x, keyY, keySize, font.regular);
    const meaningWidth = canvas.width - 60 - meaningX;
    codes.forEach(([code, meaning], k) => {
      canvas.text(code, codeX, keyY, keySize, font.regular);
      const text = k === codes.length - 1 && variant % 2 === 1 ? `${meaning}, ${pick(rng, LONG)}` : meaning;
      // Wrap at words within the line width.
      let line = "";
      for (const w of text.split(" ")) {
        const next = line ? `${line} ${w}` : w;
        if (font.regular.widthOfTextAtSize(next, keySize) > meaningWidth && line) {
          canvas.text(line, meaningX, keyY, keySize, font.regular);
          keyY += pitch;
          line = w;
        } else line = next;
      }
      canvas.text(line, meaningX, keyY, keySize, font.regular);
      keyY += pitch;
    });
    canvas.finish();
    return [{ page: 1, cells: drawn.cells, headerRows: drawn.headerRows }];
  },
};

/** Country codes and names, `perLine` pairs to a line, each pair's name a fixed step right of
 * its code and each pair in its own column. */
function drawCountryKey(
  canvas: Canvas,
  countries: string[],
  at: { x: number; y: number; size: number; font: PDFFont; perLine: number; gap: number },
): void {
  const codeWidth = Math.max(...countries.map((c) => at.font.widthOfTextAtSize(ISO[c]!, at.size))) + at.size * 0.8;
  const pairWidth = codeWidth + Math.max(...countries.map((c) => at.font.widthOfTextAtSize(c, at.size))) + at.gap;
  [...countries].sort().forEach((country, k) => {
    const px = at.x + (k % at.perLine) * pairWidth;
    const py = at.y + Math.floor(k / at.perLine) * at.size * 1.2;
    canvas.text(ISO[country]!, px, py, at.size, at.font);
    canvas.text(country, px + codeWidth, py, at.size, at.font);
  });
}
