// Internal shapes passed between the readers and the assembly stages. All coordinates are PDF points
// with the origin at the top-left of the page as displayed (after /Rotate), like the result format.

/** [x0, y0, x1, y1], x0 <= x1 and y0 <= y1. */
export type Box = [number, number, number, number];

/** Reading direction of a glyph run on the displayed page: 0 left-to-right, 90 top-to-bottom,
 * 180 upside down, 270 bottom-to-top (a side label rotated counter-clockwise). */
export type Direction = 0 | 90 | 180 | 270;

export interface Word {
  text: string;
  box: Box;
  /** Font size in points (length of the glyph's up vector). */
  size: number;
  font: string;
  bold: boolean;
  dir: Direction;
  /** True when the face is monospaced: the text layer's word boxes were cut from the run in
   * equal shares (readers/character-advances.ts). The text reader gives every word the key, unset
   * (undefined) outside monospaced faces, so that all its words have one shape (pdf-text.ts). */
  monospace?: true;
}

export interface TextLine {
  words: Word[];
  box: Box;
  text: string;
  size: number;
  bold: boolean;
}

/** One reading of the page's text layer (reader pdf-text). */
export interface PdfTextReading {
  words: Word[];
  /** Rules typed with characters ("-----"), read as horizontal rulings. */
  rulings: Ruling[];
}

/** An axis-aligned line: horizontal ("h", at y = pos from start to end in x) or vertical. */
export interface Ruling {
  orientation: "h" | "v";
  pos: number;
  start: number;
  end: number;
}

export interface FilledRect {
  box: Box;
}

/** What the operator list says (reader pdf-grid and pdf-image share one walk). */
export interface PdfGraphicsReading {
  /** Stroked lines and thin filled rectangles, in page space, not yet snapped. */
  rulings: Ruling[];
  /** Filled, visibly coloured rectangles that are not thin: cell backgrounds, bars of charts. */
  filledRects: FilledRect[];
  /** Bounding boxes of painted paths that are neither rulings nor rectangles (curves, polygons). */
  drawings: Box[];
  /** Placed image objects. */
  images: Array<{ box: Box; id: string }>;
}

/** A cell of a table model: a rectangle of grid slots. */
export interface ModelCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** Box of the words in the cell (tight), or null when empty. */
  box: Box | null;
}

/** Why detection doubts a table's structure: a bracket column kept whole or cut unlike its
 * siblings, a lone band's span, a header against its repeated leaf names, a label off its column
 * towards an unnamed one, one table read as two, a wrap left under the table, a cell holding
 * several cells' text. */
export type StructureDoubt =
  | "bracket"
  | "lone-band"
  | "header-pattern"
  | "off-centre-label"
  | "split"
  | "merge"
  | "tail-wrap"
  | "mixed-cells"
  | "repeated-names"
  | "raised-stub-head";

/** A table as the structure readers see it, before it becomes a result Table. */
export interface TableModel {
  box: Box;
  nRows: number;
  nCols: number;
  cells: ModelCell[];
  /** How many top rows are header rows. */
  headerRows: number;
  /** One label (or null) per row, from rotated side labels; empty when none. */
  rowGroups: Array<string | null>;
  /** Which structure reading found the table. */
  source: "pdf-grid" | "pdf-layout";
  /** The other structure reading does not agree a table is here. */
  disputed: boolean;
  /** Detection itself doubts the structure it read, where every reading of the text shares the
   * choice (`disputed` too): which doubt. The boundary-vote stage caps the verified cells of the
   * kinds RECONCILE_SETTINGS.capDoubtKinds names. */
  structureDoubt?: StructureDoubt;
  /** A split doubt's lower table (its box), on the upper one of the pair: the two may be one
   * table, which the review page offers as the table's "one with the next" answer. */
  mayContinueIn?: Box;
  /** A merge doubt's cut: the body row where a second table may start (merge-doubt.ts), which the
   * review page offers as the table's "two tables" answer. */
  mayStartAt?: number;
  /** A lone band label centred over several runs of columns (a "lone-band" doubt): the runs
   * detection did not give it (first and last column), for the review page's answers. */
  bandAlternatives?: Array<{ label: string; start: number; end: number }>;
  /** Qualifier line belonging to the whole table (e.g. "in thousands of euro"). */
  caption?: string;
}
