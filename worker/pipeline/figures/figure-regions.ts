// Figure regions (image sources "layout" and "pdf-image"): placed image objects, and clusters of
// vector drawing (curves, polygons) that are not part of a table.
import type { Box, Ruling } from "../types";
import { boxArea, boxOverlapRatio, boxUnion } from "../geometry/box";
import type { PageReadings } from "../page-types";
import type { Settings } from "../settings";
import { chartBars } from "./chart-bars";

export interface FigureRegion {
  box: Box;
  sources: Array<"layout" | "pdf-image">;
}

export function figureRegions(readings: PageReadings, tableBoxes: Box[], settings: Settings): FigureRegion[] {
  const pageArea = readings.width * readings.height;
  const pageBox: Box = [0, 0, readings.width, readings.height];
  const clip = (b: Box): Box => [Math.max(b[0], 0), Math.max(b[1], 0), Math.min(b[2], readings.width), Math.min(b[3], readings.height)];
  const isUsable = (b: Box) =>
    b[2] - b[0] >= settings.minFigureSide &&
    b[3] - b[1] >= settings.minFigureSide &&
    boxArea(b) < pageArea * settings.maxFigurePageShare &&
    !tableBoxes.some((t) => boxOverlapRatio(b, t) > settings.figureTableOverlap);
  const out: FigureRegion[] = [];
  for (const image of foregroundImages(readings.graphics.images, readings.width, readings.height, settings)) {
    const box = clip(image.box);
    if (boxOverlapRatio(box, pageBox) < settings.figureOnPageShare || !isUsable(box)) continue;
    if (out.some((f) => boxOverlapRatio(box, f.box) > settings.figureDuplicateOverlap)) continue;
    out.push({ box, sources: ["layout", "pdf-image"] });
  }
  // Drawn pieces, and a bar chart's bars (filled rectangles other shading is not: chart-bars.ts).
  for (const cluster of boxesToClusters(
    [...readings.graphics.drawings, ...chartBars(readings.graphics.filledRects, settings)].map(clip),
    settings.figureJoinGap,
  )) {
    if (!isArtwork(cluster, settings)) continue;
    const box = withAxes(cluster.box, readings.graphics.rulings, tableBoxes, settings.figureJoinGap);
    if (!isUsable(box)) continue;
    if (out.some((f) => boxOverlapRatio(box, f.box) > settings.drawingOnImageShare)) continue;
    out.push({ box, sources: ["layout"] });
  }
  return out;
}

/** A drawing's box grown to the straight lines that touch it (a chart's axes and frame: a bar
 * chart's bars stand on its axis, a series runs inside its frame), so the crop shows the whole
 * plot. Lines that run into a table are the table's. */
export function withAxes(box: Box, rulings: readonly Ruling[], tableBoxes: readonly Box[], gap: number): Box {
  const lines = rulings
    .map((r): Box => (r.orientation === "h" ? [r.start, r.pos, r.end, r.pos] : [r.pos, r.start, r.pos, r.end]))
    .filter((line) => !tableBoxes.some((t) => line[0] <= t[2] && line[2] >= t[0] && line[1] <= t[3] && line[3] >= t[1]));
  const taken = new Set<number>();
  let grown = box;
  // A grid line touching the series reaches the axis; the axis the frame: grown until nothing more touches.
  for (let changed = true; changed;) {
    changed = false;
    lines.forEach((line, k) => {
      if (taken.has(k)) return;
      if (line[0] <= grown[2] + gap && line[2] >= grown[0] - gap && line[1] <= grown[3] + gap && line[3] >= grown[1] - gap) {
        taken.add(k);
        grown = boxUnion([grown, line])!;
        changed = true;
      }
    });
  }
  return grown;
}

/** Groups boxes that overlap or lie within `gap` of each other. */
export function boxesToClusters(boxes: Box[], gap: number): Array<{ box: Box; count: number }> {
  const clusters: Array<{ box: Box; count: number }> = [];
  for (const b of boxes) {
    if (b[2] < b[0] || b[3] < b[1]) continue;
    let merged = { box: b, count: 1 };
    for (let k = clusters.length - 1; k >= 0; k--) {
      const c = clusters[k]!;
      const near =
        b[0] - gap <= c.box[2] && c.box[0] - gap <= merged.box[2] && merged.box[1] - gap <= c.box[3] && c.box[1] - gap <= merged.box[3];
      if (near) {
        merged = { box: boxUnion([merged.box, c.box])!, count: merged.count + c.count };
        clusters.splice(k, 1);
      }
    }
    clusters.push(merged);
  }
  return clusters;
}

/** Images minus a page background: full-width images that together cover most of the page (a
 * scan or a backdrop cut into strips) are not figures. */
export function foregroundImages<T extends { box: Box }>(images: T[], width: number, height: number, settings: Settings): T[] {
  const wide = images.filter((i) => i.box[2] - i.box[0] >= width * settings.backdropImageWidthShare);
  const covered = wide.reduce((sum, i) => sum + boxArea(i.box), 0);
  if (covered < width * height * settings.backdropPageCoverShare) return images;
  return images.filter((i) => !wide.includes(i));
}

/** A cluster of drawn pieces that makes a picture: several pieces, or one large curve or polyline
 * (a chart series). */
export function isArtwork(cluster: { box: Box; count: number }, settings: Settings): boolean {
  const w = cluster.box[2] - cluster.box[0];
  const h = cluster.box[3] - cluster.box[1];
  return (
    cluster.count >= settings.minFigureDrawings ||
    (w >= settings.minFigureSide * settings.loneDrawingWidthFactor && h >= settings.minFigureSide)
  );
}
