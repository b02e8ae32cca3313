// Test PDF generators (pdf-lib): pages with known tables, rulings, merged cells, rotated pages and
// labels, figures and prose, so golden tests need nothing outside the repository. Coordinates in
// these helpers are top-left (like the result format) and converted to PDF space here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFFont, PDFPage, StandardFonts, degrees, rgb } from "pdf-lib";

/** One folder per test process for the PDFs it generates, removed when the process exits (the
 * files must outlive the call that saves them: tests submit them later). */
let savedPdfRoot: string | null = null;
function savedPdfDir(name: string): string {
  if (!savedPdfRoot) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "golden-"));
    process.once("exit", () => fs.rmSync(root, { recursive: true, force: true }));
    savedPdfRoot = root;
  }
  return fs.mkdtempSync(path.join(savedPdfRoot, `${name}-`));
}

export interface TableSpec {
  x: number;
  y: number;
  colWidths: number[];
  rowHeight: number;
  /** Rows of cell texts; "" for empty. A text may contain "\n" for a wrapped cell. */
  rows: string[][];
  /** Merged regions: the text sits in the top-left cell, the covered cells must be "". */
  merges?: Array<{ row: number; col: number; rowSpan: number; colSpan: number }>;
  /** "grid": every cell boxed; "none": no lines; "zebra": shaded background every other row. */
  style: "grid" | "none" | "zebra";
  size?: number;
  /** Per-row height multipliers (a row holding a wrapped cell is taller). */
  rowLines?: number[];
}

export class TestPdf {
  /** Pages displayed with /Rotate 90 whose content is drawn turned so that it reads upright. */
  private readonly turned = new WeakSet<PDFPage>();

  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(): Promise<TestPdf> {
    const doc = await PDFDocument.create();
    return new TestPdf(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  addPage(width = 595, height = 842): PDFPage {
    return this.doc.addPage([width, height]);
  }

  /** A portrait page shown landscape by /Rotate 90; the helpers take displayed coordinates. With
   * /Rotate 90 a displayed point (X, Y) is the user-space point (x = Y, y = X). */
  addTurnedPage(width = 595, height = 842): PDFPage {
    const page = this.doc.addPage([width, height]);
    page.setRotation(degrees(90));
    this.turned.add(page);
    return page;
  }

  /** Text with its baseline at top-left y + size * 0.8 (the top of the glyphs near y). */
  text(page: PDFPage, text: string, x: number, y: number, size = 10, bold = false): void {
    const font = bold ? this.bold : this.font;
    if (this.turned.has(page)) {
      page.drawText(text, { x: y + size * 0.8, y: x, size, font, rotate: degrees(90) });
      return;
    }
    page.drawText(text, { x, y: page.getHeight() - y - size * 0.8, size, font });
  }

  /** Text reading bottom to top (a side label); (x, y) is the top-left of its box on the page. */
  rotatedText(page: PDFPage, text: string, x: number, yBottom: number, size = 10): void {
    page.drawText(text, { x: x + size * 0.8, y: page.getHeight() - yBottom, size, font: this.font, rotate: degrees(90) });
  }

  hline(page: PDFPage, x0: number, x1: number, y: number): void {
    if (this.turned.has(page)) {
      page.drawLine({ start: { x: y, y: x0 }, end: { x: y, y: x1 }, thickness: 0.75, color: rgb(0, 0, 0) });
      return;
    }
    page.drawLine({
      start: { x: x0, y: page.getHeight() - y },
      end: { x: x1, y: page.getHeight() - y },
      thickness: 0.75,
      color: rgb(0, 0, 0),
    });
  }

  vline(page: PDFPage, x: number, y0: number, y1: number): void {
    if (this.turned.has(page)) {
      page.drawLine({ start: { x: y0, y: x }, end: { x: y1, y: x }, thickness: 0.75, color: rgb(0, 0, 0) });
      return;
    }
    page.drawLine({ start: { x, y: page.getHeight() - y0 }, end: { x, y: page.getHeight() - y1 }, thickness: 0.75, color: rgb(0, 0, 0) });
  }

  fillRect(page: PDFPage, x: number, y: number, w: number, h: number, gray = 0.85): void {
    page.drawRectangle({ x, y: page.getHeight() - y - h, width: w, height: h, color: rgb(gray, gray, gray) });
  }

  /** Draws a table; returns its bottom y. */
  table(page: PDFPage, spec: TableSpec): number {
    const size = spec.size ?? 10;
    const xs = [spec.x];
    for (const w of spec.colWidths) xs.push(xs[xs.length - 1]! + w);
    const ys = [spec.y];
    spec.rows.forEach((_, r) => ys.push(ys[ys.length - 1]! + spec.rowHeight * (spec.rowLines?.[r] ?? 1)));
    const merges = spec.merges ?? [];
    const covered = (r: number, c: number) =>
      merges.find((m) => r >= m.row && r < m.row + m.rowSpan && c >= m.col && c < m.col + m.colSpan);
    if (spec.style === "zebra") {
      spec.rows.forEach((_, r) => {
        if (r % 2 === 0) this.fillRect(page, xs[0]!, ys[r]!, xs[xs.length - 1]! - xs[0]!, ys[r + 1]! - ys[r]!, r === 0 ? 0.7 : 0.88);
      });
    }
    spec.rows.forEach((row, r) => {
      row.forEach((cell, c) => {
        if (cell === "") return;
        const lines = cell.split("\n");
        lines.forEach((line, k) => this.text(page, line, xs[c]! + 4, ys[r]! + 4 + k * (size + 2), size));
      });
    });
    if (spec.style === "grid") {
      const x0 = xs[0]!;
      const x1 = xs[xs.length - 1]!;
      // Horizontal edges: skip the parts inside a merge.
      for (let r = 0; r < ys.length; r++) {
        for (let c = 0; c + 1 < xs.length; c++) {
          const above = r > 0 ? covered(r - 1, c) : undefined;
          const here = r < spec.rows.length ? covered(r, c) : undefined;
          if (above && here && above === here) continue;
          this.hline(page, xs[c]!, xs[c + 1]!, ys[r]!);
        }
      }
      for (let c = 0; c < xs.length; c++) {
        for (let r = 0; r + 1 < ys.length; r++) {
          const left = c > 0 ? covered(r, c - 1) : undefined;
          const here = c < spec.colWidths.length ? covered(r, c) : undefined;
          if (left && here && left === here) continue;
          this.vline(page, xs[c]!, ys[r]!, ys[r + 1]!);
        }
      }
      void x0;
      void x1;
    }
    return ys[ys.length - 1]!;
  }

  async save(name: string): Promise<string> {
    const file = path.join(savedPdfDir(name), `${name}.pdf`);
    fs.writeFileSync(file, await this.doc.save());
    return file;
  }
}
