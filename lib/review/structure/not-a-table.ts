// "Not a table": a person answers a structure question by saying the region is no table (a
// chart's labels, a list, a paragraph set in columns). The table leaves the result's tables (the
// tables after it on its page are renumbered, as for a split or a merge) and its text comes back
// as one prose block in its place in the reading order: the header line and each row a line, the
// cells of a line joined by spaces. The block is verified only when every cell with text was; its
// sources are the cells' value readings (a person said where the text belongs, not what it says).
// Or, for a chart read as a table (its axis labels and values in a grid), the region becomes a
// figure in its place: an image entry over the table's box, `confirmed` (a person said so against
// the page), with no source (no reading found a figure there). Its file is the crop the reviewer's
// browser cut and sent with the edit (figure-crop.ts). An edit that came without one (an API
// client that sent none) gives a figure `uncropped`, with no file: the result page shows it as its
// region of the page and the zip export leaves it out. The table's text goes with it.
import type { CellSource, Image, Prose, Table } from "../../result/schema";
import { STRUCTURE_READINGS, compareSources } from "../readings";
import { copyTable, tableAt } from "./table-shape";

/** The tables without the one at (page, index); the later tables of its page renumbered. */
export function removeTable(source: Table[], page: number, index: number): Table[] {
  const at = tableAt(source, page, index);
  return source
    .filter((_, i) => i !== at)
    .map((table) => {
      const copy = copyTable(table);
      if (copy.page === page && copy.index > index) copy.index -= 1;
      const link = copy.continued_from;
      if (link && link.page === page) {
        if (link.index === index) delete copy.continued_from;
        else if (link.index > index) copy.continued_from = { ...link, index: link.index - 1 };
      }
      return copy;
    });
}

/** The prose block the table's text becomes. `index` is the next free prose index of its page. */
export function tableAsProse(table: Table, index: number): Prose {
  const lines = [table.header_cells.map((cell) => cell.value), ...table.rows.map((row) => row.map((cell) => cell.value))]
    .map((values) =>
      values
        .map((value) => value.trim())
        .filter((value) => value !== "")
        .join(" "),
    )
    .filter((line) => line !== "");
  const cells = [...table.header_cells, ...table.rows.flat()].filter((cell) => cell.value.trim() !== "");
  const sources = [...new Set(cells.flatMap((cell) => cell.sources))]
    .filter((source): source is CellSource => !STRUCTURE_READINGS.includes(source) && source !== "human-review")
    .sort(compareSources);
  const boxes = cells.flatMap((cell) => (cell.bbox ? [cell.bbox] : []));
  const bbox =
    table.bbox ??
    (boxes.length
      ? ([
          Math.min(...boxes.map((b) => b[0])),
          Math.min(...boxes.map((b) => b[1])),
          Math.max(...boxes.map((b) => b[2])),
          Math.max(...boxes.map((b) => b[3])),
        ] as Prose["bbox"])
      : ([0, 0, 0, 0] as Prose["bbox"]));
  const verified = cells.length > 0 && cells.every((cell) => ["verified", "exact", "confirmed"].includes(cell.confidence));
  return {
    page: table.page,
    index,
    text: lines.join("\n"),
    confidence: verified ? "verified" : "unverified",
    sources,
    bbox,
    role: "paragraph",
    level: 0,
    order: table.order ?? 0,
  };
}

/** The figure the table's region becomes. `index` is the next free image index of its page. */
export function tableAsFigure(table: Table, index: number, crop?: string): Image {
  return {
    page: table.page,
    index,
    path: crop ?? "",
    confidence: "confirmed",
    bbox: tableAsProse(table, 0).bbox,
    order: table.order ?? 0,
    also_on: [],
    sources: [],
    ...(crop ? {} : { uncropped: true }),
  };
}

/** A result's tables and prose (or images) with the table at (page, index) turned into prose (or a
 * figure). */
export function notATable<R extends { tables: Table[]; prose?: Prose[]; images?: Image[] }>(
  state: R,
  page: number,
  index: number,
  as: "prose" | "figure" = "prose",
  crop?: string,
): R {
  const at = tableAt(state.tables, page, index);
  const tables = removeTable(state.tables, page, index);
  if (as === "figure") {
    if (!state.images) return { ...state, tables };
    const next = state.images.filter((image) => image.page === page).reduce((max, image) => Math.max(max, image.index + 1), 0);
    return { ...state, tables, images: [...state.images, tableAsFigure(state.tables[at]!, next, crop)] };
  }
  if (!state.prose) return { ...state, tables };
  const next = state.prose.filter((block) => block.page === page).reduce((max, block) => Math.max(max, block.index + 1), 0);
  return { ...state, tables, prose: [...state.prose, tableAsProse(state.tables[at]!, next)] };
}
