// ink-grid's opinions of a page's delivered tables (ink-grid.ts textLayerInkOpinions), cached like
// OCR readings (ocr/ocr-cache.ts, the same store): one JSON file per (file sha256, page, the
// tables checked, the settings), so a repeat of the same file needs no render of the page when
// its OCR readings come from the cache too. The opinions are a function of the render and the
// tables alone, so a cached one is the one the render would give.
import { createHash } from "node:crypto";
import { readCachedJson, writeCachedJson, type OcrCacheDir } from "../ocr/ocr-cache";
import { OCR_SETTINGS_VERSION } from "../ocr/settings";
import type { PageRender } from "../render/render-page";
import type { Box, TableModel } from "../types";
import { textLayerInkOpinions, type TableInkOpinions } from "./ink-grid";
import { STRUCTURE_SETTINGS_VERSION } from "./settings";

export interface InkCacheKey {
  cacheDir: OcrCacheDir | null;
  fileSha256: string;
  pageNumber: number;
}

/** Per table, the indices in its cells of those the ink agrees with and those it reads otherwise. */
type Stored = Array<{ agree: number[]; against: number[] }>;

/** The cache file's name: the page and a digest of what the opinions depend on (the tables' cells
 * and boxes, the structure settings, the OCR settings that set the render). */
export function inkCacheName(pageNumber: number, models: readonly TableModel[]): string {
  const tables = models.map((m) => [
    m.box,
    m.nRows,
    m.nCols,
    m.headerRows,
    m.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.box]),
  ]);
  const digest = createHash("sha256")
    .update(JSON.stringify([STRUCTURE_SETTINGS_VERSION, OCR_SETTINGS_VERSION, tables]))
    .digest("hex")
    .slice(0, 32);
  return `p${pageNumber}.ink-grid.${digest}.json`;
}

/** Whether a file of the cache store holds ink-grid's opinions (not an OCR reading). */
export const isInkCacheName = (name: string): boolean => /^p\d+\.ink-grid\./.test(name);

/** The ink's opinions of `models` (aligned with them): from the cache, or read from `render()`
 * and cached. With `renderAtHand` (the OCR engines rendered the page just now, so the page was not
 * in the cache), the cache is not looked up: the opinions are read and written. */
export async function inkOpinionsOf(
  models: readonly TableModel[],
  render: () => Promise<PageRender>,
  key: InkCacheKey,
  renderAtHand = false,
): Promise<TableInkOpinions[]> {
  // No cache: neither the name's digest nor the stored form is needed.
  if (key.cacheDir === null) return textLayerInkOpinions(await render(), models);
  const name = inkCacheName(key.pageNumber, models);
  const stored = renderAtHand ? null : await readCachedJson<Stored>(key.cacheDir, key.fileSha256, name);
  if (Array.isArray(stored) && stored.length === models.length) {
    const boxes = (m: TableModel, at: number[]) =>
      at.flatMap((i) => {
        const box = m.cells[i]?.box;
        return box ? [box] : [];
      });
    return models.map((m, t) => ({ agree: boxes(m, stored[t]!.agree), against: boxes(m, stored[t]!.against) }));
  }
  const opinions = textLayerInkOpinions(await render(), models);
  const indices = (m: TableModel, boxes: readonly Box[]) => {
    const wanted = new Set(boxes);
    return m.cells.flatMap((c, i) => (c.box && wanted.has(c.box) ? [i] : []));
  };
  const toStore: Stored = models.map((m, t) => ({ agree: indices(m, opinions[t]!.agree), against: indices(m, opinions[t]!.against) }));
  await writeCachedJson(key.cacheDir, key.fileSha256, name, toStore);
  return opinions;
}
