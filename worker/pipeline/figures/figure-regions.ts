// Figure regions (image sources "layout" and "pdf-image"): placed image objects, and clusters of
// vector drawing (curves, polygons) that are not part of a table.
import type { Box } from "../types";
import { boxArea, boxOverlapRatio, boxUnion } from "../geometry/box";
import type { PageReadings } from "../page-types";
import type { Settings } from "../settings";

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
  for (const cluster of boxesToClusters(readings.graphics.drawings.map(clip), settings.figureJoinGap)) {
    if (!isArtwork(cluster, settings) || !isUsable(cluster.box)) continue;
    if (out.some((f) => boxOverlapRatio(cluster.box, f.box) > settings.drawingOnImageShare)) continue;
    out.push({ box: cluster.box, sources: ["layout"] });
  }
  return out;
}

/** Groups boxes that overlap or lie within `gap` of each other. */
export function boxesToClusters(boxes: Box[], gap: number): Array<{ box: Box; count: number }> {
  const clusters: Array<{ box: Box; count: number }> = [];
  for (const b of boxes) {
    if (b[2] < b[0] || b[3] < b[1]) continue;
    let merged = { box: b, count: 1 };
    for (let k = clusters.length - 1; k >= 0; k--) {
      const c = clusters[k]!;
      const near = b[0] - gap <= c.box[2] && c.box[0] - gap <= merged.box[2] && merged.box[1] - gap <= c.box[3] && c.box[1] - gap <= merged.box[3];
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
  return cluster.count >= settings.minFigureDrawings || (w >= settings.minFigureSide * settings.loneDrawingWidthFactor && h >= settings.minFigureSide);
}
