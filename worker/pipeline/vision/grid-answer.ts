// A grid reader's answer (prompts/grid.v1.*) turned into tables in PDF points. The answer is
// checked here, not trusted: a table or cell that does not fit the schema is dropped, and an
// answer with nothing usable is a failed reading.
import { z } from "zod";
import type { Box } from "../types";

export interface VisionCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** PDF points of the page as displayed, top-left origin; null when the reader gave no box. */
  box: Box | null;
}

export interface VisionTable {
  box: Box | null;
  headerRows: number;
  cells: VisionCell[];
}

const bbox = z.array(z.number()).length(4).nullish();
const cellSchema = z.object({
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  row_span: z.number().int().min(1).default(1),
  col_span: z.number().int().min(1).default(1),
  text: z.string(),
  bbox,
});
const answerSchema = z.object({
  tables: z.array(
    z.object({
      bbox,
      header_rows: z.number().int().min(0).default(0),
      cells: z.array(z.unknown()),
    }),
  ),
});

/** The tables of a grid answer; `scale` pixels per point and `originPt` the image's top-left on
 * the page (a crop's). Null when the answer is not the shape asked for. */
export function parseGridAnswer(json: unknown, scale: number, originPt: [number, number] = [0, 0]): VisionTable[] | null {
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) return null;
  const toPt = (b: number[] | null | undefined): Box | null => {
    if (!b) return null;
    const box: Box = [b[0]! / scale + originPt[0], b[1]! / scale + originPt[1], b[2]! / scale + originPt[0], b[3]! / scale + originPt[1]];
    return box[2] > box[0] && box[3] > box[1] ? box : null;
  };
  return parsed.data.tables.map((table) => ({
    box: toPt(table.bbox),
    headerRows: table.header_rows,
    cells: table.cells.flatMap((raw) => {
      const cell = cellSchema.safeParse(raw);
      if (!cell.success) return [];
      const c = cell.data;
      return [{ row: c.row, col: c.col, rowSpan: c.row_span, colSpan: c.col_span, text: c.text, box: toPt(c.bbox) }];
    }),
  }));
}
