// The structure edits a reviewer can make to a table, as data: what is stored in a
// StructureEdit row and sent to POST /jobs/{id}/review/structure. Each names its table by
// (page, index) as the table stands when the edit is made (edits are applied in order on every
// read, lib/review/structure/apply-review.ts, so the names stay meaningful).
import { z } from "zod";
import { CROP_IMAGE_PATH } from "./crop-path";

const at = { page: z.number().int().min(1), table: z.number().int().min(0) };
const bodyRow = z.number().int().min(0);
/** A body row, or "h": the header line (merges and splits work in both). */
const anyRow = z.union([bodyRow, z.literal("h")]);
const col = z.number().int().min(0);

export const structureOpSchema = z.discriminatedUnion("kind", [
  /** Two neighbouring body cells become one merged cell (span_grid), their texts joined; in the
   * header line ("h") two column names become one label over both columns (right), or the first
   * body row joins the header (down: structure/header-down.ts). */
  z.object({ kind: z.literal("merge-cells"), ...at, row: anyRow, col, direction: z.enum(["right", "down"]).default("right") }).strict(),
  /** A merged cell comes apart, or a cell holding several columns' text spreads over the empty
   * cells to its right (in the body or the header line); `parts` are the texts, left to right
   * (default: the text stays in the first). */
  z.object({ kind: z.literal("split-cell"), ...at, row: anyRow, col, parts: z.array(z.string().max(10_000)).max(200).optional() }).strict(),
  /** The first body row becomes the header line (the table must have none). */
  z.object({ kind: z.literal("mark-header"), ...at }).strict(),
  /** The header line becomes the first body row. */
  z.object({ kind: z.literal("unmark-header"), ...at }).strict(),
  /** Body rows from `row` on become a table of their own, right after this one. */
  z.object({ kind: z.literal("split-table"), ...at, row: z.number().int().min(1) }).strict(),
  /** The next table (the next on the page, else the first on a later page) is appended to this one. */
  z.object({ kind: z.literal("merge-next"), ...at }).strict(),
  /** A body row (or "h", the header line) that is not part of the table is removed. */
  z.object({ kind: z.literal("delete-row"), ...at, row: z.union([bodyRow, z.literal("h")]) }).strict(),
  /** A column that is not part of the table is removed. */
  z.object({ kind: z.literal("delete-column"), ...at, col }).strict(),
  /** A person confirms the table's structure as it now stands (structure/confirm-structure.ts). */
  z.object({ kind: z.literal("confirm-structure"), ...at }).strict(),
  /** The region is no table: its text becomes a prose block in its place, or the region a figure
   * (structure/not-a-table.ts). */
  z
    .object({
      kind: z.literal("not-a-table"),
      ...at,
      as: z.enum(["prose", "figure"]).default("prose"),
      /** The figure's crop among the job's images, stored by the route from the PNG the reviewer's
       * browser cut (structure/figure-crop.ts); set by the server only, never taken from a client. */
      crop: z.string().regex(CROP_IMAGE_PATH).optional(),
    })
    .strict(),
  /** One of the shapes another structure reading proposed (the table's `alternatives`, by position)
   * is made and confirmed (structure/alternatives.ts). */
  z.object({ kind: z.literal("choose-alternative"), ...at, choice: z.number().int().min(0).max(50) }).strict(),
  /** The text layer's reading accepted for every queued cell of one table, or of every table when
   * page and table are left out, where it is one of the readings offered (review/bulk-accept.ts). */
  z
    .object({ kind: z.literal("accept-text-layer"), page: at.page.optional(), table: at.table.optional() })
    .strict()
    .refine((op) => (op.page === undefined) === (op.table === undefined), { message: "give both page and table, or neither" }),
]);

export type StructureOp = z.infer<typeof structureOpSchema>;
export type StructureOpInput = z.input<typeof structureOpSchema>;

/** Why an edit cannot be made to the table as it stands (answered 400, said to the reviewer). */
export class StructureError extends Error {}
