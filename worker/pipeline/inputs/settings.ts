// Limits and layout of the input layer (images and spreadsheets made into pages; README "Input
// formats", docs/input-formats.md). Each value says where it came from.
export const INPUT_SETTINGS = {
  /** Pixels one image (one TIFF frame) may have. The largest common camera sensors are 48-50 M
   * pixels (8000 x 6000); decoded as RGB that is 150 MB, which the converter's process holds
   * twice at most (pixels and their compressed copy) within INSPECT_MEMORY_MB. Anything larger
   * is refused with 400 from its header, before a pixel is decoded (a decompression bomb: a
   * 1 MB PNG can declare 400 M pixels). */
  maxPixelsPerImage: 50_000_000,
  /** Resolution assumed when an image states none (the PNG, JPEG and TIFF convention). */
  defaultDpi: 72,
  /** A stated resolution outside this range is taken for a wrong header and ignored (default
   * above): scanners and cameras write 72-1200 dpi; 1 dpi would make a 1000-pixel image a
   * 14 m wide page no render budget fits, 10,000 dpi a page too small to read. */
  minDpi: 50,
  maxDpi: 2400,
  /** Photos (JPEG, WebP) are stored in the page as JPEG at this quality (visually lossless; a
   * second encode at 95 changes a pixel by ~1 level, well under what OCR sees); lossless sources
   * (PNG, TIFF, GIF) are stored losslessly. */
  photoJpegQuality: 95,
  /** Cells one workbook or CSV may have (visible cells of every sheet). Measured on the shared
   * 2-core machine, reading, drawing and tabling an XLSX of 100,000 cells takes 4 s, of 500,000
   * 20 s with the workbook reader's memory near the inspector's ceiling (INSPECT_MEMORY_MB);
   * 200,000 (~8 s) stays well inside the inspector's 30 s deadline on a busy machine. */
  maxCells: 200_000,
  /** The sheet's grid as drawn for the review page (worker/pipeline/inputs/sheet-layout.ts), in
   * points: 9 pt text on 14 pt rows, as a spreadsheet shows it at 100 %; a column as wide as its
   * longest value (5 pt a character at 9 pt Helvetica, measured) within these bounds, a margin
   * around the grid. */
  sheetFontSize: 9,
  sheetRowHeight: 14,
  sheetMinColumnWidth: 36,
  sheetMaxColumnWidth: 260,
  sheetCellPadding: 3,
  sheetMargin: 18,
};

export type InputSettings = typeof INPUT_SETTINGS;
