// Tuning values of the OCR readings. OCR_SETTINGS_VERSION keys the OCR cache:
// bump it whenever a value here or in ../render/settings.ts changes what an engine returns.
// (It is separate from the pipeline's SETTINGS_VERSION so that retuning table layout does not
// throw away every cached OCR reading.)
import type { LightOnDarkSettings } from "./crop-mosaic";

export const OCR_SETTINGS_VERSION = "ocr-2026-11-26.1";

/** Keys the cache of the third reading of scanned cells (OCR_SETTINGS.legacy): bump it whenever
 * a value there changes what it reads. */
export const LEGACY_READ_VERSION = "legacy-4";

export const OCR_SETTINGS = {
  tesseract: {
    /** tessdata variant inside @tesseract.js-data/eng. "4.0.0_best_int" is the integer LSTM
     * model: on this machine it read the test tables as well as "4.0.0" and loads in less time. */
    modelDir: "4.0.0_best_int",
    /** Page segmentation AUTO (3): measured to keep table words the default drops. */
    pageSegMode: "3",
    /** Cell crops read by the cascade's second engine (crop-mosaic.ts). */
    crops: {
      /** A mosaic is one column of crops: "single uniform block of text" (6) reads it line by
       * line without the page layout analysis mode 3 runs. */
      pageSegMode: "6",
      /** A cell box is its ruled frame: 1 pt in from it keeps a 0.5-1 pt ruling out of the crop
       * (on the dense bench page the frame otherwise came back as "|" next to the digits). */
      insetPt: 1,
      marginPx: 12,
      gapPx: 24,
      /** A crop is levelled on its own when its background is darker than this (crop-mosaic.ts):
       * a levelled scan's or a render's paper is 245-255, light tints 200-235, a zebra row
       * ~215, a shaded header ~130-190. */
      tintedBelow: 235,
      /** The crop's background: text covers 10-40% of a crop cut to its words, so the pixel at
       * this quantile is background; its ink the darkest 2% (a glyph's core, not noise). */
      backgroundQuantile: 0.6,
      inkQuantile: 0.02,
    },
  },
  /** Tesseract's legacy classifier (legacy-tesseract.ts), the third reading that breaks a tie
   * between the two engines on a scanned cell (scan/tie-break.ts). */
  legacy: {
    /** The tessdata variant holding the legacy model: "4.0.0" (the LSTM-only "4.0.0_best_int"
     * has none). */
    modelDir: "4.0.0",
    /** A cell is read as a "single uniform block of text" (6): a cell of two lines is still one. */
    pageSegMode: "6",
    /** Points of the page around the cell box that the crop keeps: a glyph's edge or a raised
     * mark cut by the box is read whole; words of a neighbour that come in are dropped again by
     * their centres (scan/tie-break.ts). The value the measurement was made with, not tuned. */
    padPt: 2,
    /** White pixels around the crop: Tesseract finds no text touching the image's edge. */
    marginPx: 10,
    /** A crop of light text on a darker ground (a reversed table heading) is turned negative
     * before it is read (crop-mosaic.ts lightOnDark; null: never): the classifier runs with
     * Tesseract's own inversion off and reads nothing there, so a heading the page reading got
     * wrong had no third reading. Such a crop's `outlierShare` lightest pixels stand at least
     * `minContrast` above its ground (its median grey: text is a minority of a cell's crop) and
     * further above it than its darkest stand below. 2% is a few strokes of a short heading (a
     * rule, not tuned). 40 is five times the realistic scans' sensor noise (sigma 8), whose 2%
     * lightest stand ~16 above a blank ground; white headings stood 60-70 above a mid-grey fill
     * (ground ~165) on an EU scan and 150 or more above a dark one. The ground's level is not
     * asked: a first rule wanted it below 128 (half the grey scale) and left white headings on
     * mid-grey fills unread (docs/measurements, the mid-grey headings note). */
    invertLightOnDark: { outlierShare: 0.02, minContrast: 40 } as LightOnDarkSettings | null,
  },
  paddle: {
    /** Detection runs on the page scaled so its longer side is at most this many pixels (and a
     * multiple of 32). PaddleOCR's own default is 960; dense A4 tables with 8 pt text need ~1600
     * for neighbouring cells to come out as separate boxes. Cost grows with the square. */
    detMaxSide: 1600,
    /** ...and no smaller than this, whatever the text size. */
    detMinSide: 960,
    /** Within those bounds, detection runs where body text is this many pixels high: 8 pt tables
     * read identically at 14 px and 20 px text (429 of 429 words on the bench page) while
     * detection cost falls with the square. 12 px (tried) still read the bench
     * page's 429 words with detection at 0.46 CPU-s against 0.67, but lost lines of smaller text
     * on the EU set (182 cells with a single reading against 140). */
    detTextPx: 14,
    /** DB post-processing, PaddleOCR defaults (det_db_thresh, det_db_box_thresh,
     * det_db_unclip_ratio). */
    detThreshold: 0.3,
    detBoxThreshold: 0.6,
    detUnclipRatio: 1.5,
    /** Components smaller than this (in detection pixels, on the short side) are noise. */
    detMinBoxSide: 3,
    /** Left and right margin of a recognition crop, in heights of the detected text kernel (at
     * most the unclip margin, ~0.75 kernel heights). On the bench page 0.5 still read all 370
     * cells, 0.3 dropped leading minus signs (7 cells) and 0.15 last digits (41 cells); trimming
     * saves <10% of recognition time, so the margin stays generous. 0.5 on the EU set (issue
     * 15): verified relations 79.9% against 80.1% for ~3% fewer recognition columns. */
    recSidePad: 0.6,
    /** A detected box whose text kernel is more than this many times the page's text size tall is
     * a picture, not a line (a 36 pt title over 9 pt body text is 4x; a bar chart is 10x+). */
    maxLineHeightRatio: 5,
    /** Recognition input height is fixed by the PP-OCRv4 model. */
    recHeight: 48,
    /** Crops are recognised in batches of similar width: at most this many crops and this many
     * input columns per batch. Per column, ONNX Runtime runs 8 x 160 as fast as 1 x 160, but
     * 8 x 2016 (eight prose lines) took 12 s against 0.44 s for 1 x 2480: past
     * ~1300 columns a batch falls out of cache. */
    recBatchSize: 8,
    recBatchColumns: 1280,
    /** A recognised line whose mean character probability is below this is dropped
     * (PaddleOCR drop_score). */
    minLineScore: 0.5,
    /** Load both models with their per-layer element-wise steps folded into the convolutions
     * (paddle/fold-model.ts): the same function up to float rounding (the version was
     * bumped for it). On the bench page, one thread, engines warm: recognition 2.9 -> 2.3 CPU-s,
     * detection 0.66 -> 0.52, the same 429 words with the same boxes and confidences. */
    foldGraph: true,
    /** A page read on its text layer's lines (textLayerLines) is recognised by the model with
     * its full convolutions in 8-bit integers (paddle/quantise-model.ts; activation ranges from
     * crops of the generated corpus, paddle/rec-int8-ranges.json). Scans, cell crops and pages
     * read with detection keep the float model: there OCR is the only reading, here it checks a
     * text layer. Measured in docs/measurements (quantised line recognition). */
    quantisedLineRecognition: {
      enabled: true as boolean,
      /** Weights in [-127, 127]. 7 bits ([-63, 63]: QuantiseOptions.weightLevels) agreed with the
       * text layer on 25 fewer of EU's 2,180 line crops than float, 8 bits on 7 fewer. No CPU
       * saturates 8-bit weights: they are signed where VNNI adds products in 32 bits and unsigned
       * elsewhere (QuantiseOptions.weightType), the same integers either way. */
      weightLevels: 127 as number,
      /** ...except crops no wider than this many input columns (the recogniser's minimum batch
       * width: lone glyphs and values of up to ~3 characters), read in float. Quantised, the
       * lone-values family (ocr/lone-values-family.test.ts) verified 247 of 297 right lone values
       * (em dashes read "1" above the line score, 8 of 36 verified) against 296 in float. */
      floatMaxColumns: 64 as number,
    },
    /** ONNX Runtime threads. The two engines run side by side on a 2-core machine, so each
     * gets one. */
    intraOpThreads: 1,
    /** ONNX Runtime's CPU arena keeps the largest activation set ever seen (detection of a big
     * page plus the widest recognition batch) for the life of the session: off, ~170 MB less peak
     * RSS on the bench page at no measurable cost in time. */
    cpuMemArena: false,
    /** The OCR layout's figure search (paddle/non-text-regions.ts), in detection pixels. */
    figure: {
      /** Ink is darker than this grey; light cell shading (~220-240) is not a figure. */
      inkBelow: 160,
      /** Straight runs longer than this share of the page width, at most `lineThicknessPx`
       * thick, are rulings and underlines. */
      lineRunPageShare: 0.05,
      lineThicknessPx: 4,
      /** Ink is grouped on a grid of this cell size; parts of a figure up to two cells apart join. */
      cellPx: 8,
      /** A figure spans at least this share of the page width on each side (~24 pt on A4)... */
      minSidePageShare: 0.04,
      /** ...and ink fills at least this share of its grid cells (a lone frame does not). */
      minCellShare: 0.2,
    },
  },
  /** A page with an upright text layer is read by ocr-2 on line crops cut from the text layer's
   * own words instead of detected lines (paddle/text-layer-lines.ts), when no ink on the page lies
   * outside those crops (paddle/unexplained-ink.ts); otherwise detection runs as before. Cached
   * under its own key (read-page-ocr.ts TEXT_LINES_VERSION), so either setting keeps its readings. */
  textLayerLines: {
    /** Dense bench page, one thread, engines warm: detection (0.73 CPU-s) skipped and recognition
     * 2.26 -> 2.04 CPU-s (37.6k input columns against 41.8k), the same 429 words. */
    enabled: true,
    /** Words of one line join into one crop when the gap between them is at most this many font
     * sizes: the structure reader ocr-2-lines takes PaddleOCR's detector to join text about a line
     * height apart (structure/settings.ts lineWordGapHeights), so the crops split where it does. */
    joinGapEm: 1.0,
    /** Padding of a line crop around the text layer's word boxes (one font size tall), in font
     * sizes. The detector's crops on the dense bench page reached 0.16 em above, 0.32 below, 0.17
     * left and 0.31 right of them (medians over 370 lines); 0.25 / 0.1 read the page's 429 words
     * exactly as the detected crops did, 0.25 / 0 cut two last digits ("9,53" for "9,532") and
     * 0.4 / 0.05 six words (the text shrinks in the 48-px input). */
    padEm: { vertical: 0.25, horizontal: 0.1 },
    /** The check for drawn text the text layer lacks: pixels of ink at detection size outside
     * every crop, rulings (and the specks left where two cross) removed. More than this many and
     * the page is read by detection: a lying text layer may hide words or draw text it has no word
     * for, and a figure, logo or dotted leader costs only the detection it would have had anyway.
     * None: a minus sign is ~10 pixels at this size. */
    maxUnexplainedInkPixels: 0,
    /** ...where a straight run of ink at most `figure.lineThicknessPx` thick and this many text
     * heights long is a ruling, not a glyph (the figure search's 5% of the page width left short
     * rulings between two rows of the EU set as unexplained ink). A glyph stroke of body text is
     * about one text height. */
    rulingTextHeights: 2,
    /** ...and ink is darker than this grey: lighter than the figure search's 160, so that grey
     * text a lying page draws (readable, and read by detection) is not taken for paper; a zebra
     * row (~215) and light tints stay paper, a shaded header (~130-190) sends its page to
     * detection. */
    inkBelow: 200,
  },
  /** The cascade's crops of a scan's cells (cascade.ts lineCropsOfCells): each text line of a
   * cell, read by the second engine. */
  cascade: {
    /** Padding of a text line's crop, in line heights: about what PaddleOCR's detector leaves
     * around a line (its unclip margin), which its recogniser was trained on. */
    linePad: { vertical: 0.35, horizontal: 0.6 },
    /** ...stopped halfway to the first reading's nearest other word on each side (cascade.ts
     * clippedToNeighbours). A rule, not a tuned value; measured on the realistic scans of the EU
     * set and generated seed 13 (tuning), seed 14 (check), US odd and seed 90001 (unseen):
     * verified relations up on all five, the queue's cell items right as delivered down on all
     * five (docs/measurements, the tie-break round). */
    clipPadToNeighbours: true,
    /** On a page with a text layer, a left or right side of a cell's box its words come this
     * close to (points) is a cut to the text, not a ruled frame, so the crop is grown there
     * (cascade.ts cropOfCell).
     * A box cut to its words meets them exactly (0); text inside a ruled frame stands off it by
     * the padding and the ruling's half width, 1 pt or more in the tables read so far. */
    textCutPt: 0.25,
    /** On an upright page with a text layer, a cell holding only a mark ("-", "..") that the
     * first engine's detector passed over and the second does not back is recognised by the first
     * engine as a crop (missed-marks.ts). On EU, 105 of 147 such cells had no OCR reading at
     * all; PaddleOCR's recogniser read "-" in such crops at 0.67-0.92 confidence. */
    readMissedMarks: true,
  },
  /** The first engine's reading of those marks' crops (paddle/paddle-engine.ts readMarks). */
  marks: {
    /** A crop the recogniser reads as at most one glyph below its line score is read as a dash
     * when its ink is one dash stroke (paddle/dash-stroke.ts). The recogniser read 32 lone em
     * dash crops cut to the glyph (lone-values family, 8 seeds, Helvetica and Times, 6.8-9.4 pt
     * at 164-185 dpi) as "|" (16), "I" (5), "1" (5), "—" (3), nothing (2), all at 0.2-0.55, and
     * "-" once at 0.86; the pipeline's cell crops of 33 more mostly as nothing. Their ink (37
     * em dashes, 12 seeds) came out 15-25 px wide and 1-2 px thick, en dashes 8-14 x 1-2,
     * hyphens 4-8 x 1-2; every digit, "x" and "*" at least 7 px tall. */
    dashStroke: {
      /** Anti-aliased em dashes in Times at 7-8 pt fall apart below 128 (4 of 37 missed); at 170
       * all 37 were whole. */
      inkBelow: 170,
      /** Every em and en dash measured was at least 6 times as wide as thick; a digit at most
       * 0.8 times. */
      minAspect: 3,
      /** A straight bar fills its bounding box (1-2 px thick); a diagonal stroke does not. */
      minFill: 0.7,
      /** A dash sits at half the x-height, near the middle of a cell's crop; a rule or underline
       * lies at its bottom edge. */
      middleBand: [0.3, 0.85] as const,
    },
    /** A stroke at least this many crop heights wide is read as an em dash, a shorter one as "-"
     * (the comparison treats every dash alike; this only names it): an em dash is one em, its
     * cell's crop about 1.25 em tall. */
    emDashCropHeights: 0.6,
  },
} as const;

export type OcrSettings = typeof OCR_SETTINGS;
/** PaddleOCR's settings with the switches a caller may turn either way (tests compare both). */
export type PaddleSettings = Omit<OcrSettings["paddle"], "foldGraph"> & { foldGraph: boolean };
/** The text-layer line crops' settings, with the switch a caller may turn either way. */
export type TextLayerLineSettings = Omit<OcrSettings["textLayerLines"], "enabled"> & { enabled: boolean };
