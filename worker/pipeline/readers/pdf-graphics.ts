// Readers pdf-grid and pdf-image share one walk of the page's operator list: paths are mapped
// through the current transform (including form XObjects) and the page viewport, then sorted into
// rulings (stroked lines, thin filled rectangles), filled background rectangles, other drawings
// and placed images. Snapping and joining into a grid happens in geometry/, not here.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { loadPdfJs } from "../../../lib/pdf/open-pdf";
import type { Box, PdfGraphicsReading, Ruling } from "../types";
import { multiplyMatrices, transformPoint } from "../geometry/box";
import type { Settings } from "../settings";

// pdf.js DrawOPS codes inside constructPath data (pdfjs-dist 5.x).
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUAD_TO = 3;
const CLOSE = 4;

type Point = [number, number];
interface SubPath {
  points: Point[];
  curved: boolean;
  closed: boolean;
}

export async function readPdfGraphics(page: PDFPageProxy, settings: Settings): Promise<PdfGraphicsReading> {
  const pdfjs = await loadPdfJs();
  const OPS = pdfjs.OPS;
  const viewport = page.getViewport({ scale: 1 });
  const opList = await page.getOperatorList();
  const reading: PdfGraphicsReading = { rulings: [], filledRects: [], drawings: [], images: [] };
  const pageArea = viewport.width * viewport.height;

  let ctm = [...viewport.transform];
  let fillVisible = true;
  let strokeVisible = true;
  const stack: Array<{ ctm: number[]; fillVisible: boolean; strokeVisible: boolean }> = [];

  const strokeOps = new Set<number>([
    OPS.stroke,
    OPS.closeStroke,
    OPS.fillStroke,
    OPS.eoFillStroke,
    OPS.closeFillStroke,
    OPS.closeEOFillStroke,
  ]);
  const fillOps = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);

  for (let i = 0; i < opList.fnArray.length; i++) {
    const fn = opList.fnArray[i]!;
    const args = opList.argsArray[i] as unknown[] | null;
    switch (fn) {
      case OPS.save:
        stack.push({ ctm, fillVisible, strokeVisible });
        break;
      case OPS.restore: {
        const state = stack.pop();
        if (state) ({ ctm, fillVisible, strokeVisible } = state);
        break;
      }
      case OPS.transform:
        ctm = multiplyMatrices(args as number[], ctm);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ctm, fillVisible, strokeVisible });
        const matrix = args?.[0] as number[] | null | undefined;
        if (matrix) ctm = multiplyMatrices(matrix, ctm);
        break;
      }
      case OPS.paintFormXObjectEnd: {
        const state = stack.pop();
        if (state) ({ ctm, fillVisible, strokeVisible } = state);
        break;
      }
      case OPS.setFillRGBColor:
      case OPS.setFillGray:
      case OPS.setFillCMYKColor:
      case OPS.setFillColor:
        fillVisible = !isWhite(args);
        break;
      case OPS.setStrokeRGBColor:
      case OPS.setStrokeGray:
      case OPS.setStrokeCMYKColor:
      case OPS.setStrokeColor:
        strokeVisible = !isWhite(args);
        break;
      case OPS.constructPath: {
        const paintOp = args?.[0] as number;
        const data = (args?.[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | null | undefined;
        if (!data) break;
        const isStroke = strokeOps.has(paintOp) && strokeVisible;
        const isFill = fillOps.has(paintOp) && fillVisible;
        if (!isStroke && !isFill) break;
        for (const sub of parsePath(data, ctm)) {
          addSubPath(reading, sub, isStroke, isFill, settings, pageArea);
        }
        break;
      }
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat: {
        const corners = [transformPoint(ctm, 0, 0), transformPoint(ctm, 1, 0), transformPoint(ctm, 0, 1), transformPoint(ctm, 1, 1)];
        const box = pointsToBox(corners);
        const id = typeof args?.[0] === "string" ? args[0] : `inline-${i}`;
        if (box[2] - box[0] >= 1 && box[3] - box[1] >= 1) reading.images.push({ box, id });
        break;
      }
      default:
        break;
    }
  }
  return reading;
}

/** A colour argument that paints white (or nearly), invisible on a white page. pdf.js passes RGB
 * fills as "#rrggbb" strings, other spaces as component arrays. */
export function isWhite(args: unknown[] | null | undefined): boolean {
  const first = args?.[0];
  if (typeof first === "string" && /^#[0-9a-f]{6}$/i.test(first)) {
    const value = parseInt(first.slice(1), 16);
    return ((value >> 16) & 255) > 242 && ((value >> 8) & 255) > 242 && (value & 255) > 242;
  }
  if (Array.isArray(args) && args.every((v) => typeof v === "number")) {
    const nums = args;
    if (nums.length === 4) return nums.every((v) => v < 0.05); // CMYK: no ink
    return nums.length > 0 && nums.every((v) => v > 0.95);
  }
  return false;
}

export function parsePath(data: ArrayLike<number>, ctm: readonly number[]): SubPath[] {
  const subs: SubPath[] = [];
  let current: SubPath | null = null;
  let i = 0;
  const point = (x: number, y: number): Point => transformPoint(ctm, x, y);
  while (i < data.length) {
    const op = data[i++]!;
    if (op === MOVE_TO) {
      current = { points: [point(data[i]!, data[i + 1]!)], curved: false, closed: false };
      subs.push(current);
      i += 2;
    } else if (op === LINE_TO) {
      current?.points.push(point(data[i]!, data[i + 1]!));
      i += 2;
    } else if (op === CURVE_TO) {
      if (current) {
        current.curved = true;
        current.points.push(point(data[i + 4]!, data[i + 5]!));
      }
      i += 6;
    } else if (op === QUAD_TO) {
      if (current) {
        current.curved = true;
        current.points.push(point(data[i + 2]!, data[i + 3]!));
      }
      i += 4;
    } else if (op === CLOSE) {
      if (current) current.closed = true;
    } else {
      break; // unknown code: stop rather than misread the rest
    }
  }
  return subs;
}

/** The points' bounding box. Math.min and Math.max point by point (not a compare), so NaN and -0
 * come out as they did from the spread form, without two arrays a path. */
function pointsToBox(points: readonly Point[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

/** True when the closed path is an axis-aligned rectangle (4 corners, optional repeat of the first). */
export function isAxisRectangle(points: Point[], tolerance: number): boolean {
  const pts = points.length === 5 && near(points[0]!, points[4]!, tolerance) ? points.slice(0, 4) : points;
  if (pts.length !== 4) return false;
  for (let k = 0; k < 4; k++) {
    const a = pts[k]!;
    const b = pts[(k + 1) % 4]!;
    if (Math.abs(a[0] - b[0]) > tolerance && Math.abs(a[1] - b[1]) > tolerance) return false;
  }
  return true;
}

function near(a: Point, b: Point, tolerance: number): boolean {
  return Math.abs(a[0] - b[0]) <= tolerance && Math.abs(a[1] - b[1]) <= tolerance;
}

function addSubPath(
  reading: PdfGraphicsReading,
  sub: SubPath,
  isStroke: boolean,
  isFill: boolean,
  settings: Settings,
  pageArea: number,
): void {
  if (sub.points.length < 2) return;
  const box = pointsToBox(sub.points);
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  const tol = settings.axisTolerance;
  if (!sub.curved && isFill && (sub.closed || sub.points.length >= 4) && isAxisRectangle(sub.points, tol)) {
    if (h <= settings.thinRectMax && w > h) {
      reading.rulings.push({ orientation: "h", pos: (box[1] + box[3]) / 2, start: box[0], end: box[2] });
    } else if (w <= settings.thinRectMax && h > w) {
      reading.rulings.push({ orientation: "v", pos: (box[0] + box[2]) / 2, start: box[1], end: box[3] });
    } else if (w * h < pageArea * settings.maxBackgroundPageShare) {
      reading.filledRects.push({ box });
      if (isStroke) addEdges(reading, sub.points, true);
    }
    return;
  }
  // A long polyline is a plotted curve (a chart series drawn as tiny steps), not rulings.
  if (!sub.curved && isStroke && sub.points.length <= settings.maxRulingPathPoints) {
    const straight = addEdges(reading, sub.points, sub.closed);
    if (straight) return;
  }
  if (w > 0 || h > 0) reading.drawings.push(box);
}

/** Adds every axis-aligned edge of a polyline as a ruling; false when some edge is slanted. */
function addEdges(reading: PdfGraphicsReading, points: Point[], closed: boolean): boolean {
  let allStraight = true;
  const n = points.length;
  const edges = closed ? n : n - 1;
  for (let k = 0; k < edges; k++) {
    const a = points[k]!;
    const b = points[(k + 1) % n]!;
    const ruling = edgeToRuling(a, b);
    if (ruling) reading.rulings.push(ruling);
    else if (!near(a, b, 0.5)) allStraight = false;
  }
  return allStraight;
}

export function edgeToRuling(a: Point, b: Point): Ruling | null {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if (dy <= 0.5 && dx > 0.5) return { orientation: "h", pos: (a[1] + b[1]) / 2, start: Math.min(a[0], b[0]), end: Math.max(a[0], b[0]) };
  if (dx <= 0.5 && dy > 0.5) return { orientation: "v", pos: (a[0] + b[0]) / 2, start: Math.min(a[1], b[1]), end: Math.max(a[1], b[1]) };
  return null;
}
