// The vision readers on one page: independent readings, then the votes. In order:
//   1. vision-1 and vision-2 each rebuild the page's table grids from the page image (start(),
//      called as soon as the page is open, so the calls overlap OCR);
//   2. their grids are structure readings for the structure vote (structureReadings());
//   3. valueReadings(): their cells placed on the delivered cells (assign.ts) become value
//      readings for the value vote; a cell only one of them saw is `vision-single`; rows where
//      the first pass left holes or read a row shifted are re-read from a crop (`vision-grid`);
//      cells where vision-1 and vision-2 disagree are read once more (`vision-arbiter`);
//   4. after both votes, on the page as displayed: a delivered table no vision reader sees is
//      layout_disputed (table-existence.ts); the audit reviews each table against the image
//      and a cell it does not object to gains `vision-audit` (an objection makes the cell
//      disputed), and every cell still disputed is adjudicated (`vision-review`, confidence
//      `reviewed`: never verified, readings kept, still in the review queue).
// A reader that fails, times out or finds the page's call budget spent is absent for the page (a
// failure is reported to onFailure); nothing here ever fails the page.
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { CELL_SOURCES, type Cell, type CellSource, type Prose, type Table } from "../../../lib/result/schema";
import type { OcrCacheDir } from "../ocr/ocr-cache";
import { comparisonKey } from "../reconcile/normalise";
import type { WordReadings } from "../reconcile/reconcile-cell";
import { intersectionArea, textInBox } from "../reconcile/words-in-box";
import type { StructureReading } from "../structure/types";
import type { Box, ModelCell, TableModel } from "../types";
import { placeOnCells, type PlacedWord } from "./assign";
import { placeByPosition } from "./place-by-position";
import { readVisionCache, writeVisionCache } from "./cache";
import { cellRefs, replaceCell, type CellRef } from "./cell-ids";
import type { VisionEndpoint } from "./client";
import type { VisionReaders } from "./config";
import { parseGridAnswer, type VisionTable } from "./grid-answer";
import { cropVisionImage, renderVisionImage, type VisionImage } from "./page-image";
import { taskPrompt, type VisionTask } from "./prompts";
import type { VisionCallRecord, VisionRole, VisionUsageCounter } from "./usage";
import { disputeUnseenTables } from "./table-existence";

type FirstReader = "vision-1" | "vision-2";

export interface PageVisionContext {
  page: PDFPageProxy;
  pageNumber: number;
  fileSha256: string;
  cacheDir: OcrCacheDir | null;
  usage: VisionUsageCounter;
  /** A reader that failed on this page (it is then absent from every vote of the page). */
  onFailure: (role: VisionRole, message: string) => void;
  /** Every call's record (tokens, latency, outcome), for the log. */
  onCall?: (record: VisionCallRecord) => void;
}

/** A box moved between the page as displayed and the frame the delivered cells are in. */
export type BoxMap = (box: Box) => Box;
const same: BoxMap = (box) => box;

export class PageVision {
  private image: Promise<VisionImage> | null = null;
  private firstPass: Promise<Partial<Record<FirstReader, VisionTable[]>>> | null = null;
  private grid: VisionTable[] | null = null;
  private gridFrame: BoxMap = same;
  /** Delivered tables (their boxes, working frame) in which a first-pass reader left holes: its
   * grid of such a table is no segmentation of it, and gives no structure opinion there. */
  private readonly holed: Record<FirstReader, Box[]> = { "vision-1": [], "vision-2": [] };
  private callsLeft: number;
  /** When the page's time for vision readers ends (Date.now() ms). */
  private readonly deadline: number;

  constructor(
    private readonly readers: VisionReaders,
    private readonly context: PageVisionContext,
  ) {
    this.callsLeft = readers.maxCallsPerPage;
    this.deadline = Date.now() + readers.pageBudgetMs;
  }

  /** Renders the page image and sends it to vision-1 and vision-2 (not awaited). */
  start(): void {
    if (this.firstPass) return;
    this.image = renderVisionImage(this.context.page, this.context.pageNumber, this.readers.settings);
    // A render that fails leaves every reader absent; the page goes on without them.
    this.image.catch(() => undefined);
    const read = async (role: FirstReader, endpoint: VisionEndpoint | null): Promise<VisionTable[] | null> => {
      if (!endpoint) return null;
      const image = await this.imageOrNull(role);
      if (!image) return null;
      const json = await this.ask(role, endpoint, "grid", gridTask(image, this.context.pageNumber), image);
      if (json === null) return null;
      const tables = parseGridAnswer(json, image.scale);
      if (!tables) this.context.onFailure(role, "the answer does not match the grid schema");
      return tables;
    };
    this.firstPass = Promise.all([read("vision-1", this.readers.first), read("vision-2", this.readers.second)]).then(([first, second]) => {
      const out: Partial<Record<FirstReader, VisionTable[]>> = {};
      if (first) out["vision-1"] = first;
      if (second) out["vision-2"] = second;
      return out;
    });
  }

  /** vision-1's and vision-2's grids as structure readings (cells in the frame `toWork` maps to),
   * and vision-grid's re-reads (after valueReadings). A first-pass grid that left holes in a table
   * gives no opinion on it (the re-read does), rather than objecting to every row it missed. */
  async structureReadings(toWork: BoxMap = same): Promise<StructureReading[]> {
    const pass = await this.first();
    const out: StructureReading[] = [];
    for (const [role, tables] of Object.entries(pass) as [FirstReader, VisionTable[]][]) {
      const holed = this.holed[role];
      const models = tables
        .map((table) => asTableModel(table, toWork))
        .filter((m): m is TableModel => m !== null)
        .filter((m) => !holed.some((box) => intersectionArea(box, m.box) > 0));
      if (models.length > 0) out.push({ source: `${role}-cells`, kind: "tables", tables: models });
    }
    if (this.grid) {
      const models = this.grid.map((table) => asTableModel(table, this.gridFrame)).filter((m): m is TableModel => m !== null);
      if (models.length > 0) out.push({ source: "vision-grid-cells", kind: "tables", tables: models });
    }
    return out;
  }

  /** The vision value readings of the delivered cells, for the value vote: vision-1, vision-2
   * (vision-single where only one of them saw a cell), vision-grid on the rows the first pass
   * missed or shifted, vision-arbiter where vision-1 and vision-2 disagree. A source that ran
   * and saw nothing in a cell abstains there; a source that did not run is left out. */
  async valueReadings(tables: readonly Table[], toWork: BoxMap = same, toPage: BoxMap = same): Promise<WordReadings> {
    const pass = await this.first();
    const refs = cellRefs(tables);
    const placed: Partial<Record<FirstReader, PlacedWord[]>> = {};
    // By box; a table the reader gave no box for, by grid position where that is unambiguous.
    for (const [role, read] of Object.entries(pass) as [FirstReader, VisionTable[]][])
      placed[role] = [
        ...placeOnCells(
          read.flatMap((t) => t.cells),
          refs,
          toWork,
        ),
        ...placeByPosition(read, tables, refs),
      ];
    const out: WordReadings = {};
    const both = placed["vision-1"] !== undefined && placed["vision-2"] !== undefined;
    if (both) {
      // A cell both read is a reading of each; a cell only one of them saw is vision-single.
      const seenBy = (role: FirstReader) => new Set(placed[role]!.map((w) => w.ref.id));
      const seen = { "vision-1": seenBy("vision-1"), "vision-2": seenBy("vision-2") };
      out["vision-1"] = placed["vision-1"]!.filter((w) => seen["vision-2"].has(w.ref.id)).map(asWord);
      out["vision-2"] = placed["vision-2"]!.filter((w) => seen["vision-1"].has(w.ref.id)).map(asWord);
      const single = [
        ...placed["vision-1"]!.filter((w) => !seen["vision-2"].has(w.ref.id)),
        ...placed["vision-2"]!.filter((w) => !seen["vision-1"].has(w.ref.id)),
      ];
      if (single.length > 0) out["vision-single"] = single.map(asWord);
    } else {
      // Only one vision reader worked on this page: every cell it saw, only it saw.
      const only = placed["vision-1"] ?? placed["vision-2"];
      if (only) out["vision-single"] = only.map(asWord);
    }

    const holes = new Map<number, Set<number>>();
    for (const [role, words] of Object.entries(placed) as [FirstReader, PlacedWord[]][]) {
      for (const [t, rows] of holeRows(tables, words, this.readers.settings.misalignedRowShare)) {
        holes.set(t, new Set([...(holes.get(t) ?? []), ...rows]));
        const box = tables[t]?.bbox;
        if (box) this.holed[role].push(box);
      }
    }
    if (holes.size > 0) {
      const regrid = await this.regrid(tables, holes, refs, toWork, toPage);
      if (regrid) out["vision-grid"] = regrid.map(asWord);
    }
    if (both) {
      const arbiter = await this.arbitrate(refs, placed["vision-1"]!, placed["vision-2"]!, toPage);
      if (arbiter) out["vision-arbiter"] = arbiter;
    }
    return out;
  }

  /** The table-boundary vote, the audit, then the review, on the page's delivered tables (boxes on
   * the page as displayed; `prose` and `figures` there too, for a disputed table's order). */
  async afterVote(
    tables: readonly Table[],
    blocks: { prose: readonly Prose[]; figures: ReadonlyArray<{ box: Box; order: number }> } = { prose: [], figures: [] },
  ): Promise<Table[]> {
    const pass = await this.first();
    // A reader that found tables but gave no box for any has no say on where they are.
    const seen = Object.values(pass).flatMap((read) => {
      const boxes = read.flatMap((t) => (t.box ? [t.box] : t.cells.flatMap((c) => (c.box ? [c.box] : []))));
      return read.length > 0 && boxes.length === 0 ? [] : [boxes];
    });
    const out = disputeUnseenTables(tables, seen, blocks.prose, blocks.figures);
    const endpoint = this.readers.review;
    if (!endpoint || out.length === 0) return out;
    const image = await this.imageOrNull("vision-audit");
    if (!image) return out;
    for (let t = 0; t < out.length; t++) {
      const refs = cellRefs(out).filter((ref) => ref.table === t && ref.cell.value !== "");
      if (refs.length === 0) continue;
      const task = {
        task: "audit",
        page: this.context.pageNumber,
        image: imageInfo(image),
        cells: refs.map((ref) => ({ id: ref.id, bbox: toPx(ref.box, image), value: ref.cell.value })),
      };
      const json = await this.ask("vision-audit", endpoint, "audit", JSON.stringify(task), image);
      const objections = json === null ? null : parseIdList(json, "objections", "reason");
      if (json !== null && !objections) this.context.onFailure("vision-audit", "the answer does not match the audit schema");
      if (!objections) continue;
      for (const ref of refs) replaceCell(out, ref, objections.has(ref.id) ? objectedTo(ref.cell) : withSource(ref.cell, "vision-audit"));
    }
    const disputed = cellRefs(out).filter((ref) => ref.cell.confidence === "disputed");
    if (disputed.length === 0) return out;
    const task = {
      task: "review",
      page: this.context.pageNumber,
      image: imageInfo(image),
      cells: disputed.map((ref) => ({ id: ref.id, bbox: toPx(ref.box, image), readings: versionsOf(ref.cell) })),
    };
    const json = await this.ask("vision-review", endpoint, "review", JSON.stringify(task), image);
    const verdicts = json === null ? null : parseIdList(json, "cells", "value");
    if (json !== null && !verdicts) this.context.onFailure("vision-review", "the answer does not match the review schema");
    if (!verdicts) return out;
    for (const ref of disputed) {
      const value = verdicts.get(ref.id);
      if (value !== undefined) replaceCell(out, ref, reviewed(ref.cell, value));
    }
    return out;
  }

  private async first(): Promise<Partial<Record<FirstReader, VisionTable[]>>> {
    if (!this.firstPass) this.start();
    return this.firstPass!;
  }

  private async imageOrNull(role: VisionRole): Promise<VisionImage | null> {
    try {
      return await this.image!;
    } catch (error) {
      this.context.onFailure(role, `the page image could not be made (${(error as Error).message})`);
      return null;
    }
  }

  /** vision-grid: the tables with holes re-read from a crop; the words it places in hole rows. */
  private async regrid(
    tables: readonly Table[],
    holes: Map<number, Set<number>>,
    refs: readonly CellRef[],
    toWork: BoxMap,
    toPage: BoxMap,
  ): Promise<PlacedWord[] | null> {
    const endpoint = this.readers.review ?? this.readers.first;
    if (!endpoint) return null;
    const image = await this.imageOrNull("vision-grid");
    if (!image) return null;
    const words: PlacedWord[] = [];
    const read: VisionTable[] = [];
    let answered = false;
    for (const [t, rows] of holes) {
      const box = tables[t]?.bbox;
      if (!box) continue;
      const margin = this.readers.settings.gridCropMarginPt;
      const onPage = toPage(box);
      const crop = await cropVisionImage(image, [onPage[0] - margin, onPage[1] - margin, onPage[2] + margin, onPage[3] + margin]);
      const json = await this.ask(
        "vision-grid",
        endpoint,
        "grid",
        gridTask(crop.image, this.context.pageNumber, [crop.originPt[0] * image.scale, crop.originPt[1] * image.scale]),
        crop.image,
      );
      if (json === null) continue;
      const grid = parseGridAnswer(json, crop.image.scale, crop.originPt);
      if (!grid) {
        this.context.onFailure("vision-grid", "the answer does not match the grid schema");
        continue;
      }
      answered = true;
      read.push(...grid);
      const inTable = refs.filter((ref) => ref.table === t);
      words.push(
        ...placeOnCells(
          grid.flatMap((g) => g.cells),
          inTable,
          toWork,
        ).filter((w) => w.ref.row !== null && rows.has(w.ref.row)),
      );
    }
    if (!answered) return null;
    this.grid = read;
    this.gridFrame = toWork;
    return words;
  }

  /** vision-arbiter: one more reading of the cells vision-1 and vision-2 read differently. */
  private async arbitrate(
    refs: readonly CellRef[],
    first: readonly PlacedWord[],
    second: readonly PlacedWord[],
    toPage: BoxMap,
  ): Promise<WordReadings["vision-arbiter"] | null> {
    const endpoint = this.readers.review;
    if (!endpoint) return null;
    const disagreements = refs.flatMap((ref) => {
      const a = first.filter((w) => w.ref.id === ref.id);
      const b = second.filter((w) => w.ref.id === ref.id);
      if (a.length === 0 || b.length === 0) return [];
      if (comparisonKey(textInBox(a.map(asWord), ref.box)) === comparisonKey(textInBox(b.map(asWord), ref.box))) return [];
      // The arbiter reads the delivered cell's own box: the readers' boxes may be what they got
      // wrong (a merged column's box covers two cells).
      return [{ ref, pageBox: toPage(ref.box) }];
    });
    if (disagreements.length === 0) return null;
    const image = await this.imageOrNull("vision-arbiter");
    if (!image) return null;
    const task = {
      task: "arbiter",
      page: this.context.pageNumber,
      image: imageInfo(image),
      cells: disagreements.map((d) => ({ id: d.ref.id, bbox: toPx(d.pageBox, image) })),
    };
    const json = await this.ask("vision-arbiter", endpoint, "arbiter", JSON.stringify(task), image);
    if (json === null) return null;
    const texts = parseIdList(json, "cells", "text");
    if (!texts) {
      this.context.onFailure("vision-arbiter", "the answer does not match the arbiter schema");
      return null;
    }
    return disagreements.flatMap((d) => {
      const text = texts.get(d.ref.id);
      return text === undefined || text.trim() === "" ? [] : [{ text, bbox: d.ref.box }];
    });
  }

  /** One call (or its cached answer), within the page's budget; null when it failed or was not made. */
  private async ask(role: VisionRole, endpoint: VisionEndpoint, task: VisionTask, text: string, image: VisionImage): Promise<unknown> {
    const prompt = taskPrompt(task);
    const key = {
      fileSha256: this.context.fileSha256,
      pageNumber: this.context.pageNumber,
      role,
      model: endpoint.model,
      promptVersion: prompt.version,
      asked: `${image.dpi}|${image.width}x${image.height}|${text}`,
    };
    const record = (outcome: VisionCallRecord["outcome"], fields: Partial<VisionCallRecord> = {}) => {
      const entry: VisionCallRecord = {
        page: this.context.pageNumber,
        role,
        model: endpoint.model,
        outcome,
        promptTokens: 0,
        completionTokens: 0,
        latencyMs: 0,
        attempts: 0,
        ...fields,
      };
      this.context.usage.add(entry);
      this.context.onCall?.(entry);
    };
    const cached = await readVisionCache(this.context.cacheDir, key);
    if (cached) {
      record("cached");
      return cached.json;
    }
    if (this.callsLeft <= 0 || Date.now() >= this.deadline) {
      record("skipped");
      this.context.onFailure(
        role,
        this.callsLeft <= 0
          ? `the page's budget of ${this.readers.maxCallsPerPage} vision calls is spent`
          : `the page's ${Math.round(this.readers.pageBudgetMs / 1000)} s for vision readers are spent`,
      );
      return null;
    }
    this.callsLeft--;
    const answer = await endpoint.call({ prompt, text, png: image.png }, this.deadline);
    if (!answer.ok) {
      record("failed", { latencyMs: answer.latencyMs, attempts: answer.attempts });
      this.context.onFailure(role, answer.error);
      return null;
    }
    record("ok", {
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      latencyMs: answer.latencyMs,
      attempts: answer.attempts,
    });
    await writeVisionCache(this.context.cacheDir, key, {
      json: answer.json,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
    });
    return answer.json;
  }
}

/** What a task says of its image: its size in pixels and its resolution (pixels per inch of the
 * page), so boxes in pixels can be read as page distances. */
function imageInfo(image: VisionImage): { width: number; height: number; dpi: number } {
  return { width: image.width, height: image.height, dpi: image.dpi };
}

/** The grid task's text: the image's size, the page it shows (for the endpoint's logs) and, for a
 * crop, where it sits in the whole page's image (the boxes asked for stay in the crop's pixels). */
function gridTask(image: VisionImage, page: number, cropAt?: [number, number]): string {
  return JSON.stringify({
    task: "grid",
    page,
    image: imageInfo(image),
    ...(cropAt ? { crop_of_page_at: { x: Math.round(cropAt[0]), y: Math.round(cropAt[1]) } } : {}),
  });
}

const asWord = (w: PlacedWord) => ({ text: w.text, bbox: w.bbox });

function toPx(box: Box | readonly number[], image: VisionImage): number[] {
  return [0, 1, 2, 3].map((i) => Math.round(box[i]! * image.scale));
}

function union(boxes: readonly Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

/** `{<list>: [{id, <field>}]}` as a map from id to that field; null when not that shape. */
function parseIdList(json: unknown, list: string, field: string): Map<string, string> | null {
  const items = (json as Record<string, unknown> | null)?.[list];
  if (!Array.isArray(items)) return null;
  const out = new Map<string, string>();
  for (const item of items) {
    const id = (item as Record<string, unknown> | null)?.id;
    const value = (item as Record<string, unknown> | null)?.[field];
    if (typeof id === "string" && typeof value === "string") out.set(id, value);
  }
  return out;
}

/** Rows of each table the first pass left with holes: a reader that read the table (placed a
 * word in it) gave none of the row's filled cells, or read most of them differently from the
 * value they were assembled from (a row shifted onto its neighbour's values). */
function holeRows(tables: readonly Table[], words: readonly PlacedWord[], misalignedShare: number): Map<number, Set<number>> {
  const holes = new Map<number, Set<number>>();
  tables.forEach((table, t) => {
    const mine = words.filter((w) => w.ref.table === t);
    if (mine.length === 0) return;
    table.rows.forEach((row, r) => {
      const filled = row.map((cell, col) => ({ cell, col })).filter(({ cell }) => cell.bbox && cell.value.trim() !== "");
      if (filled.length === 0) return;
      const seen = filled
        .map(({ cell, col }) => ({ cell, read: mine.filter((w) => w.ref.row === r && w.ref.col === col) }))
        .filter((s) => s.read.length > 0);
      const differ = seen.filter((s) => comparisonKey(textInBox(s.read.map(asWord), s.cell.bbox!)) !== comparisonKey(s.cell.value)).length;
      const hole = seen.length === 0 || (filled.length >= 2 && differ >= Math.max(2, Math.ceil(filled.length * misalignedShare)));
      if (!hole) return;
      holes.set(t, (holes.get(t) ?? new Set<number>()).add(r));
    });
  });
  return holes;
}

/** A vision grid as a structure reading's table: its cells with their boxes in the working frame. */
function asTableModel(table: VisionTable, toWork: BoxMap): TableModel | null {
  const cells: ModelCell[] = table.cells.map((c) => ({
    row: c.row,
    col: c.col,
    rowSpan: c.rowSpan,
    colSpan: c.colSpan,
    text: c.text,
    box: c.box ? toWork(c.box) : null,
  }));
  const boxed = cells.filter((c) => c.box);
  if (boxed.length === 0) return null;
  const box = table.box ? toWork(table.box) : union(boxed.map((c) => c.box!));
  return {
    box,
    nRows: Math.max(...cells.map((c) => c.row + c.rowSpan)),
    nCols: Math.max(...cells.map((c) => c.col + c.colSpan)),
    cells,
    headerRows: table.headerRows,
    rowGroups: [],
    // TableModel names the detection that found a table; the structure vote goes by the
    // reading's own source (vision-1-cells...), never by this.
    source: "pdf-layout",
    disputed: false,
  };
}

/** Every version of a cell's value, keyed by source (what the votes kept, or each agreeing source). */
function versionsOf(cell: Cell): Record<string, string> {
  if (cell.readings) return { ...cell.readings };
  return Object.fromEntries(cell.sources.map((source) => [source, cell.value]));
}

function withSource(cell: Cell, source: CellSource): Cell {
  return cell.sources.includes(source) ? cell : { ...cell, sources: [...cell.sources, source] };
}

/** The audit objected: the cell is for a person (or the reviewer) to settle, with every reading.
 * A cell a person confirmed or read from a structured file stays as it is. */
function objectedTo(cell: Cell): Cell {
  if (cell.confidence === "confirmed" || cell.confidence === "exact" || cell.confidence === "disputed") return cell;
  return { ...cell, confidence: "disputed", readings: versionsOf(cell), provisional: true };
}

/** The reviewer's verdict on a disputed cell: `reviewed`, its value, the sources that read it,
 * and every reading kept (the reviewer's among them). Not provisional: not disputed any more. */
function reviewed(cell: Cell, value: string): Cell {
  const readings = { ...versionsOf(cell), "vision-review": value };
  const key = comparisonKey(value);
  const agreeing = Object.entries(readings)
    .filter(([source, text]) => source !== "vision-review" && comparisonKey(text) === key)
    .map(([source]) => source)
    .filter(isCellSource);
  // An audit that raised no objection to the value the reviewer keeps corroborates it too.
  const audited = cell.sources.includes("vision-audit") && comparisonKey(cell.value) === key ? (["vision-audit"] as CellSource[]) : [];
  const { provisional: _provisional, ...rest } = cell;
  return {
    ...rest,
    value,
    confidence: "reviewed",
    sources: ["vision-review", ...agreeing.filter((s) => s !== "vision-review" && s !== "vision-audit"), ...audited],
    readings,
  };
}

/** Readings keys are source names or structure readings' names (pdf-layout-alt...); only source
 * names may stand in `sources`. */
const CELL_SOURCE_NAMES = new Set<string>(CELL_SOURCES);
function isCellSource(source: string): source is CellSource {
  return CELL_SOURCE_NAMES.has(source);
}
