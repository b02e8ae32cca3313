// A page of the generated corpus drawn in its own reading frame. The family code draws upright, in
// top-left coordinates of a "logical" page; the canvas turns the content by `turn` (degrees
// counter-clockwise, as the PDF's text is drawn) and gives the page a /Rotate of `rotate`. So one
// family yields upright, sideways (90 or 270, with or without /Rotate) and upside-down pages whose
// ground truth is the same table. Boxes for the ground truth come back in the DISPLAYED page's
// frame with the origin at the bottom-left (what the eval compares against our top-left boxes,
// flipping y with the displayed page height).
import { PDFDocument, PDFFont, PDFPage, concatTransformationMatrix, degrees, popGraphicsState, pushGraphicsState, rgb } from "pdf-lib";

export type Quarter = 0 | 90 | 180 | 270;
/** [x0, y0, x1, y1] */
export type Box = [number, number, number, number];

export interface CanvasOptions {
  /** Portrait user space, points. */
  width?: number;
  height?: number;
  /** Content turned counter-clockwise in user space. */
  turn?: Quarter;
  /** The page's /Rotate (clockwise on display). */
  rotate?: Quarter;
}

export class Canvas {
  /** The logical (reading) frame's size. */
  readonly width: number;
  readonly height: number;
  private readonly userWidth: number;
  private readonly userHeight: number;
  private readonly turn: Quarter;
  private readonly rotate: Quarter;

  constructor(
    readonly page: PDFPage,
    options: CanvasOptions,
  ) {
    this.userWidth = options.width ?? 595;
    this.userHeight = options.height ?? 842;
    this.turn = options.turn ?? 0;
    this.rotate = options.rotate ?? 0;
    const sideways = this.turn === 90 || this.turn === 270;
    this.width = sideways ? this.userHeight : this.userWidth;
    this.height = sideways ? this.userWidth : this.userHeight;
    if (this.rotate) page.setRotation(degrees(this.rotate));
    const [a, b, c, d, e, f] = this.logicalToUserMatrix();
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f));
  }

  static add(doc: PDFDocument, options: CanvasOptions = {}): Canvas {
    return new Canvas(doc.addPage([options.width ?? 595, options.height ?? 842]), options);
  }

  /** Ends the turned content (call once, after the last drawing). */
  finish(): void {
    this.page.pushOperators(popGraphicsState());
  }

  /** Logical bottom-left (u, v) to user space (x, y): x = a u + c v + e, y = b u + d v + f. */
  private logicalToUserMatrix(): [number, number, number, number, number, number] {
    const pw = this.userWidth;
    const ph = this.userHeight;
    switch (this.turn) {
      case 0:
        return [1, 0, 0, 1, 0, 0];
      case 90:
        return [0, 1, -1, 0, pw, 0];
      case 180:
        return [-1, 0, 0, -1, pw, ph];
      case 270:
        return [0, -1, 1, 0, 0, ph];
    }
  }

  /** The displayed page's size (after /Rotate). */
  displayedSize(): [number, number] {
    return this.rotate === 90 || this.rotate === 270 ? [this.userHeight, this.userWidth] : [this.userWidth, this.userHeight];
  }

  /** A logical top-left point to the displayed page, origin bottom-left. */
  private toDisplayed(x: number, y: number): [number, number] {
    const [a, b, c, d, e, f] = this.logicalToUserMatrix();
    const u = x;
    const v = this.height - y;
    const ux = a * u + c * v + e;
    const uy = b * u + d * v + f;
    const pw = this.userWidth;
    const ph = this.userHeight;
    // User space to the displayed page, top-left origin (pdf.js's viewport at scale 1).
    let dx: number;
    let dy: number;
    switch (this.rotate) {
      case 0:
        [dx, dy] = [ux, ph - uy];
        break;
      case 90:
        [dx, dy] = [uy, ux];
        break;
      case 180:
        [dx, dy] = [pw - ux, uy];
        break;
      case 270:
        [dx, dy] = [ph - uy, pw - ux];
        break;
    }
    return [dx, this.displayedSize()[1] - dy];
  }

  /** Text upright on the DISPLAYED page (a page number or running head beside turned content),
   * its glyph tops near displayed y (top-left origin); call after finish(). */
  uprightText(text: string, x: number, y: number, size: number, font: PDFFont): void {
    const baseline = y + size * 0.8;
    const pw = this.userWidth;
    const ph = this.userHeight;
    // Displayed point to user space, inverse of the mapping in toDisplayed.
    const [ux, uy] =
      this.rotate === 0
        ? [x, ph - baseline]
        : this.rotate === 90
          ? [baseline, x]
          : this.rotate === 180
            ? [pw - x, baseline]
            : [pw - baseline, ph - x];
    this.page.drawText(text, { x: ux, y: uy, size, font, rotate: degrees(this.rotate) });
  }

  /** A logical top-left box as a displayed bottom-left box. */
  displayedBox(box: Box): Box {
    const corners = [this.toDisplayed(box[0], box[1]), this.toDisplayed(box[2], box[3])];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((v) => Math.round(v * 100) / 100) as Box;
  }

  /** Text with the top of its glyphs near logical y (black, or `gray`: 1 is white text, as on a
   * dark fill); returns its logical box. */
  text(text: string, x: number, y: number, size: number, font: PDFFont, gray = 0): Box {
    const baseline = y + size * 0.8;
    this.page.drawText(text, { x, y: this.height - baseline, size, font, ...(gray !== 0 ? { color: rgb(gray, gray, gray) } : {}) });
    const width = font.widthOfTextAtSize(text, size);
    return [x, y, x + width, baseline + size * 0.2];
  }

  /** Text turned a quarter counter-clockwise (reading bottom to top), its glyph box's left edge at
   * logical x and its first glyph at logical `bottom`; returns its logical box. */
  textUp(text: string, x: number, bottom: number, size: number, font: PDFFont): Box {
    // The glyphs' tops point left: the baseline runs 0.8 em right of the box's left edge.
    this.page.drawText(text, { x: x + size * 0.8, y: this.height - bottom, size, font, rotate: degrees(90) });
    const width = font.widthOfTextAtSize(text, size);
    return [x, bottom - width, x + size, bottom];
  }

  hline(x0: number, x1: number, y: number, thickness = 0.75): void {
    this.page.drawLine({ start: { x: x0, y: this.height - y }, end: { x: x1, y: this.height - y }, thickness, color: rgb(0, 0, 0) });
  }

  vline(x: number, y0: number, y1: number, thickness = 0.75): void {
    this.page.drawLine({ start: { x, y: this.height - y0 }, end: { x, y: this.height - y1 }, thickness, color: rgb(0, 0, 0) });
  }

  /** A stroked polyline through logical top-left points (a chart series, a legend's line sample). */
  polyline(points: Array<[number, number]>, thickness: number, colour: [number, number, number], dash?: number[]): void {
    for (let k = 1; k < points.length; k++) {
      const [a, b] = [points[k - 1]!, points[k]!];
      this.page.drawLine({
        start: { x: a[0], y: this.height - a[1] },
        end: { x: b[0], y: this.height - b[1] },
        thickness,
        color: rgb(...colour),
        dashArray: dash,
      });
    }
  }

  /** A rectangle filled white (or `gray`) with a thin black border: a legend's box over a plot. */
  framedRect(x: number, y: number, w: number, h: number, gray = 1): void {
    this.page.drawRectangle({
      x,
      y: this.height - y - h,
      width: w,
      height: h,
      color: rgb(gray, gray, gray),
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.5,
    });
  }

  /** A rectangle filled with a colour, no border: a legend's colour swatch. */
  swatch(x: number, y: number, w: number, h: number, colour: [number, number, number]): void {
    this.page.drawRectangle({ x, y: this.height - y - h, width: w, height: h, color: rgb(...colour) });
  }

  fillRect(x: number, y: number, w: number, h: number, gray: number): void {
    this.page.drawRectangle({ x, y: this.height - y - h, width: w, height: h, color: rgb(gray, gray, gray) });
  }
}
