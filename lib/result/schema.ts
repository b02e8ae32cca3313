// The result format, version 4: the contract between the worker, the API, the
// exports and the OpenAPI document. The worker validates its output against RESULT_SCHEMA before
// storing it; nothing else defines these shapes.
import { z } from "zod";

export const RESULT_FORMAT_VERSION = 4;

export const CONFIDENCE_LEVELS = ["exact", "verified", "confirmed", "reviewed", "resolved", "unverified", "disputed"] as const;

/** Independent readings that can back a cell or a prose block. */
export const CELL_SOURCES = [
  "ocr-1",
  "ocr-2",
  "ocr-3",
  "pdf-layout",
  "pdf-grid",
  "pdf-model",
  "pdf-text",
  "source-data",
  "vision-review",
  "vision-1",
  "vision-2",
  "vision-single",
  "vision-audit",
  "vision-arbiter",
  "vision-grid",
  "human-review",
] as const;

/** Readings that can back a cropped figure. */
export const IMAGE_SOURCES = ["layout", "ocr", "pdf-image"] as const;

export const confidenceSchema = z.enum(CONFIDENCE_LEVELS);
export const cellSourceSchema = z.enum(CELL_SOURCES);

/** [x0, y0, x1, y1] in PDF points (1/72 inch), origin at the top-left of the page. */
export const bboxSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe("[x0, y0, x1, y1] in PDF points, origin top-left");

export const cellSchema = z
  .object({
    value: z.string(),
    confidence: confidenceSchema,
    sources: z.array(cellSourceSchema),
    bbox: bboxSchema.optional(),
    readings: z
      .record(z.string(), z.string())
      .optional()
      .describe("Every version of the value, keyed by source; only when readings disagree"),
    provisional: z.literal(true).optional().describe("Only on disputed cells"),
  })
  .strict();

export const spanSchema = z
  .object({
    row: z.number().int().min(0),
    col: z.number().int().min(0),
    row_span: z.number().int().min(1),
    col_span: z.number().int().min(1),
  })
  .strict()
  .describe("A merged region of rows (body rows); the value sits in the top-left cell");

export const colbandSchema = z
  .object({
    label: z.string(),
    start_col: z.number().int().min(0),
    end_col: z.number().int().min(0),
    /** The label's confidence: the value vote on its text, capped by the structure vote on its
     * place. Absent when no reading judged it (OCR off). */
    confidence: confidenceSchema.optional(),
  })
  .strict();

export const segmentSchema = z
  .object({
    name: z.string(),
    values: z.array(z.object({ code: z.string(), meaning: z.string() }).strict()),
  })
  .strict();

/** Links the parts of a table that runs over several pages (our field; the format leaves it open). */
export const continuedFromSchema = z
  .object({ page: z.number().int().min(1), index: z.number().int().min(0) })
  .strict()
  .describe("This table continues the table at (page, index) on an earlier page: same columns");

/** Which readings proposed an alternative: structure reader names (pdf-grid, pdf-tags, ocr-layout...),
 * or `detection` for a shape the table detector weighed itself and set aside. */
const proposedBy = z
  .array(z.string())
  .min(1)
  .describe("The structure readings that proposed it (`detection`: the table detector weighed it and set it aside)");

/** Another shape a structure reading proposed for the table, where the delivered one won the vote
 * (our field; the format leaves it open). Only shapes a reviewer can apply with the review page's
 * table edits are recorded: a split, a merge with the next table, a header ending lower, no
 * header, a column band over other columns. */
export const tableAlternativeSchema = z
  .discriminatedUnion("kind", [
    z
      .object({
        kind: z.literal("split"),
        rows: z.array(z.number().int().min(1)).min(1).describe("Body rows where a new table starts"),
        by: proposedBy,
      })
      .strict(),
    z
      .object({ kind: z.literal("merge-next"), by: proposedBy })
      .strict()
      .describe("This table and the next one are one table"),
    z
      .object({
        kind: z.literal("header-down"),
        rows: z.number().int().min(1).describe("How many body rows, from the first, belong to the header"),
        by: proposedBy,
      })
      .strict(),
    z
      .object({ kind: z.literal("no-header"), by: proposedBy })
      .strict()
      .describe("The header line is a row of data"),
    z
      .object({
        kind: z.literal("band-span"),
        band: z.number().int().min(0).describe("Index of the band in colbands"),
        label: z.string(),
        start_col: z.number().int().min(0),
        end_col: z.number().int().min(0),
        by: proposedBy,
      })
      .strict()
      .describe("The column band covers these columns instead"),
  ])
  .describe("A shape another structure reading proposed for this table");

export const tableSchema = z
  .object({
    page: z.number().int().min(1),
    index: z.number().int().min(0),
    order: z.number().int().min(0).nullable(),
    kind: z.string().nullable(),
    column_major: z.boolean(),
    header: z.array(z.string()),
    header_cells: z.array(cellSchema),
    row_groups: z.array(z.string().nullable()),
    rows: z.array(z.array(cellSchema)),
    caption: z.string().optional(),
    layout_disputed: z.literal(true).optional(),
    ocr_unsupported: z.literal(true).optional(),
    span_grid: z.array(spanSchema).optional(),
    colbands: z.array(colbandSchema).optional(),
    unfolded: z.literal(true).optional(),
    sheet: z.string().optional(),
    bbox: bboxSchema.optional(),
    segments: z.array(segmentSchema).optional(),
    example_code: z.string().optional(),
    continued_from: continuedFromSchema.optional(),
    alternatives: z
      .array(tableAlternativeSchema)
      .optional()
      .describe("Present only when a structure reading proposed another shape: the shapes the losing readings proposed"),
  })
  .strict();

export const proseSchema = z
  .object({
    page: z.number().int().min(1),
    index: z.number().int().min(0),
    text: z.string(),
    confidence: confidenceSchema,
    sources: z.array(cellSourceSchema),
    bbox: bboxSchema,
    role: z.enum(["heading", "paragraph"]),
    level: z.number().int().min(0),
    order: z.number().int().min(0),
  })
  .strict();

export const imageSchema = z
  .object({
    page: z.number().int().min(1),
    index: z.number().int().min(0),
    path: z.string().describe("Relative to the result bundle (zip export)"),
    confidence: confidenceSchema,
    bbox: bboxSchema,
    order: z.number().int().min(0),
    also_on: z.array(z.number().int().min(1)),
    sources: z.array(z.enum(IMAGE_SOURCES)),
    uncropped: z
      .literal(true)
      .optional()
      .describe(
        "Present only, and true, on a figure a reviewer marked on the review page (a region read as a table that is no table): no crop was cut, path is empty, and the figure is the page region at bbox",
      ),
  })
  .strict();

export const pageSchema = z
  .object({
    page: z.number().int().min(1),
    width: z.number().positive(),
    height: z.number().positive(),
    unreadable: z.literal(true).optional(),
    unchecked: z
      .literal(true)
      .optional()
      .describe(
        "Present only, and true, when the page was delivered from its text layer alone because every OCR reading of it failed: nothing on it is verified, and it is not charged",
      ),
    reason: z
      .string()
      .optional()
      .describe(
        "Present only with unreadable or unchecked: why the page could not be read or cross-checked (e.g. it needed more memory or time than a page is allowed)",
      ),
  })
  .strict();

export const resultSchema = z
  .object({
    tables: z.array(tableSchema),
    prose: z.array(proseSchema),
    images: z.array(imageSchema),
    pages: z.array(pageSchema),
    source_pages: z.array(z.number().int().min(1)).optional(),
  })
  .strict();

export type Confidence = z.infer<typeof confidenceSchema>;
export type CellSource = z.infer<typeof cellSourceSchema>;
export type BBox = z.infer<typeof bboxSchema>;
export type Cell = z.infer<typeof cellSchema>;
export type Span = z.infer<typeof spanSchema>;
export type Colband = z.infer<typeof colbandSchema>;
export type Segment = z.infer<typeof segmentSchema>;
export type Table = z.infer<typeof tableSchema>;
export type TableAlternative = z.infer<typeof tableAlternativeSchema>;
export type Prose = z.infer<typeof proseSchema>;
export type Image = z.infer<typeof imageSchema>;
export type PageEntry = z.infer<typeof pageSchema>;
export type Result = z.infer<typeof resultSchema>;

/** Counts usage.cells_with_bbox: every body and header cell that carries a bbox. */
export function countCells(result: Result): { cells: number; cellsWithBbox: number } {
  let cells = 0;
  let cellsWithBbox = 0;
  for (const table of result.tables) {
    for (const cell of [...table.header_cells, ...table.rows.flat()]) {
      cells += 1;
      if (cell.bbox) cellsWithBbox += 1;
    }
  }
  return { cells, cellsWithBbox };
}
