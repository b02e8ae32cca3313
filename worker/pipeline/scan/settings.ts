// Tuning values of the scan steps, each with where its value came from: the
// preparation of a scanned page for OCR (prepare-scan.ts, skew-angle.ts, page-orientation.ts), the
// checks of its first reading (half-turn-check.ts, quarter-turn-check.ts), the re-reads of what it
// missed (unread-blocks.ts, standing-lines.ts, ruled-words.ts) and the rulings found in its image
// (raster-rulings.ts, scanned-page.ts). SCAN_PREP_VERSION keys the OCR cache of scanned pages: bump
// it when a value here changes the image prepareScan produces; a value that otherwise changes what
// an engine returns bumps OCR_SETTINGS_VERSION (../ocr/settings.ts), which keys the OCR cache too.
// It imports nothing: the steps import their values (and the types SkewSettings, OrientationSettings
// and RasterRulingSettings) from here, never the reverse.

// --- prepare-scan.ts -----------------------------------------------------------------------
/** Keys the OCR cache of scanned pages: bump it when what prepareScan produces changes. */
export const SCAN_PREP_VERSION = "prep-9";

export const IDENTITY_SKEW_BELOW_DEG = 0.05;

export const SCAN_PREP_SETTINGS = {
  /** Hard black/white (Otsu) was tried and is off: on the realistic ICDAR US scans it turned
   * shaded header rows into solid black bars (a US document lost its only table) and read thousands
   * separators as full stops ($9,594 -> $9.594). The OCR image is the denoised grey with
   * its levels stretched instead: toned paper to white, toner to black, shading kept. */
  binarise: false,
  /** OCR reads the [1 2 1] denoised page (true) or the page as scanned, levels stretched (false).
   * Measured on a US document (4 pages, 1,845 relations): clean 200 dpi scan F1 0.372 denoised against
   * 0.401 not (0.409 with no preparation at all); realistic scan 0.144 against 0.239 (0.197 with
   * no preparation). The blur costs small glyphs more than the noise does; orientation, skew and
   * the levels are still found on the denoised page. */
  denoiseForOcr: false,
  /** Levels: this share of the darkest pixels becomes black, and everything lighter than the
   * `paperShare` quantile white (most of a page is paper). */
  inkShare: 0.005,
  paperShare: 0.5,
  /** ...but no lighter than the middle of the pixels this many grains (the paper's noise, in
   * standard deviations) darker than the paper: 6, beyond any grain (a normal's tail there is
   * 1e-9) and well inside toner, ~25 grains dark on the realistic scans (30 against 235, noise
   * sigma 8). */
  inkGrains: 6,
  /** A pixel is paper, white, when its neighbourhood is at most this many grains (of the denoised
   * page) below the paper's middle: 3 takes in 99.9% of a normal grain. */
  paperGrains: 3,
  /** ...unless the page has tints (hasTints): blocks of this many pixels square (~1 mm at 300
   * dpi, smaller than a shaded cell, larger than a glyph's blurred edge)... */
  tintBlockPx: 12,
  /** ...90% of whose pixels lie between the paper's grain and this many levels below the paper
   * (light tints scan 15-60 levels below it, an EU document's shaded column ~35; a dark fill ~130 is
   * not whitened around either way: its block is no tint here, its text reads as before)... */
  tintDepth: 80,
  /** ...on at least this share of the page's blocks (one shaded cell of 60 x 15 pt on an A4 page
   * is ~0.2%). */
  tintShare: 0.001,
  /** Tinted cells lifted to paper for OCR (flatten-background.ts): tried and off. On the EU
   * realistic scans (17 of 27 documents measured before it was stopped) Tesseract read
   * an EU document's shaded column of names clean ("Alachlor na ah" -> "Alachlor") but, on the same page,
   * a plain ruled column of "1"s as "ft"/"[pt" (its page layout changed with the shading gone), and
   * tables appeared on chart pages (114 -> 148 predicted relations): micro F1 on those 17
   * documents 0.8787 without, 0.8758 with. */
  flattenTints: false,
  /** When on: the background is the
   * lightest grey within this many points of a pixel (wider than a bold glyph's stroke, ~1 pt at
   * 8-10 pt, so the paper or shading between strokes is found)... */
  backgroundWindowPt: 3,
  /** ...and only where that background is at least this light (0-255, as scanned): light tints
   * scan at 180-220 (an EU document's shaded first column ~200), a dark header fill ~100; white text on
   * such a fill lifts a 6 px block's mean to ~140-170 (generated: up to half a block's pixels
   * light), so 175 leaves fills with light text alone. On the EU realistic scans Tesseract read the sensor
   * noise of grey-shaded cells as words ("Alachlor na ah", "Atrazine Si SHEA"). */
  backgroundAtLeast: 175,
  /** A background within this many grey levels of the page's paper is paper, left as scanned
   * (block means of paper vary by 1-3 levels under sensor noise of sigma 8; tints are 10+ darker). */
  backgroundPaperMargin: 8,
} as const;

// --- skew-angle.ts -------------------------------------------------------------------------
export interface SkewSettings {
  /** Search range, degrees either way (at least +-5). */
  maxDeg: number;
  coarseStepDeg: number;
  fineStepDeg: number;
  /** The mask is read every `sample` pixels in x and y (a 200 dpi page at 2: ~100 dpi). */
  sample: number;
}

export const SKEW_SETTINGS: SkewSettings = { maxDeg: 7, coarseStepDeg: 0.25, fineStepDeg: 0.02, sample: 2 };

// --- page-orientation.ts -------------------------------------------------------------------
export interface OrientationSettings {
  /** The column profile must beat the row profile by this factor to call a page sideways. */
  sidewaysRatio: number;
  /** Ink below the line cores must beat ink above, pooled over the page, by this factor to call a
   * page upside down when its lines give no clear vote (English text has ~2x more above than
   * below when upright). */
  upsideDownRatio: number;
  /** A row is part of a line's core when its ink is at least this share of the line's fullest row. */
  coreShare: number;
  /** Runs of ink longer than this (points), vertical or horizontal, are rulings or frames and
   * are left out before the lines vote: a table's vertical rulings would join its rows into one
   * band. 30 pt: the stem of a 36 pt capital is ~26 pt; a ruling across two rows of 10 pt text
   * is ~24-30 pt and a table has more; a word of body text has no 30 pt run of ink. */
  rulingRunPt: number;
  /** Line bands taller than this many times the median band are not text lines (lineVotes): a
   * table whose vertical rulings join its rows is one band of 5-20 line heights; a line with a
   * big initial or a formula is under 2.5. */
  lineBandMaxMedians: number;
  /** A line votes only when the ink on its fuller side is at least this share of its core's ink:
   * on generated 10-11 pt lines at 200 dpi, prose has 6-7.5% of its core's ink above it, a line
   * of numbers with a label 0.5-1% (a few ascenders overshooting the digits): 2.5% is between
   * (near their geometric mean). */
  lineSideShare: number;
  /** ...and the ink on its emptier side is at least this share of the fuller side's (a text line
   * has ascenders and descenders; generated dense number rows, "Area 12  1,234 ...", have their
   * commas below and nothing above, and voted a whole upright page upside down without it). */
  lineBothSides: number;
  /** A line votes only when one side's ink beats the other's by this share of both (a line of
   * digits or capitals has nearly none on either side). */
  lineVoteMargin: number;
  /** A clear vote: at least 3 lines, and this many times the other side's. Measured on the EU
   * realistic scans (`eval --scans realistic`: 111 pages, each also turned over):
   * pooled ink alone (the rule before) turned 4 upright pages over (pages of ruled
   * tables) and missed 8 of the turned ones; clear line votes, else
   * pooled ink, turn no upright page over and miss 1 (a page of 2 lines). The generated dense
   * table page and the disputed-table page are right either way up. */
  upsideDownVotes: number;
}

export const ORIENTATION_SETTINGS: OrientationSettings = {
  sidewaysRatio: 1.5,
  upsideDownRatio: 1.3,
  coreShare: 0.45,
  lineBandMaxMedians: 2.5,
  lineVoteMargin: 0.2,
  lineSideShare: 0.025,
  lineBothSides: 0.15,
  upsideDownVotes: 2,
  rulingRunPt: 30,
};

// --- half-turn-check.ts ("see above": that module's header comment) -------------------------
export const HALF_TURN_SETTINGS = {
  /** A word is read confidently at this confidence (Tesseract's, 0..1). */
  confidentWord: 0.8,
  /** Read again turned half a turn below this share of confidently read characters: between the
   * 17% of the worst upside-down page and the 32% of the worst upright one (see above). */
  halfTurnBelowShare: 0.25,
  /** ...or below this share among its words of letters (two letters in a row): a generated
   * `shaded-stub-grid` scan read upside down scored 19% there while its digits kept the page's
   * share at 31%; upright pages' words of letters at least 32% (EU realistic scans and generated
   * seed 13, 143 pages). Between 19% and 32%. */
  letterWordsBelowShare: 0.25,
  /** ...counted only where the words of letters hold at least this many characters (a page of
   * numbers with a word or two of heading says nothing either way). The upside-down readings of
   * seed 13's `shaded-stub-grid` scans held 27-159 such characters. */
  minLetterChars: 20,
};

// --- quarter-turn-check.ts ("see above": that module's header comment) ----------------------
export const QUARTER_TURN_SETTINGS = {
  /** Words of at least this many letters or digits count (a "1" or "%" is as tall as wide). */
  minWordChars: 3,
  /** Read again turned a quarter turn above this share of characters in standing word boxes:
   * between the 52% of the most vertical upright EU page and the 100% of the two sideways
   * generated ones (see above). */
  sidewaysAboveShare: 0.8,
};

// --- unread-blocks.ts ----------------------------------------------------------------------
export const UNREAD_BLOCK_SETTINGS = {
  /** A pixel of the prepared page (levelled to white paper and black toner) is ink when it is this
   * many grey levels darker than its background (the lightest grey within `backgroundWindowPt`,
   * closed: flatten-background.ts's backgroundOf):
   * text is ~200 levels below white paper, and still ~100 below a mid-grey band (zebra rows, a
   * shaded header at ~130-170), where a fixed level of 128 took the band's text for paper or the
   * whole band for ink (then for a long run, a ruling, and cleared with its text). */
  inkContrast: 90,
  /** ...the background window: wider than a bold glyph's stroke (~1 pt), so the paper or the
   * tint between strokes is found (flatten-background.ts's value). */
  backgroundWindowPt: 3,
  /** Runs of ink longer than this (points) are rulings and frames (page-orientation.ts's value). */
  rulingRunPt: 30,
  /** Ink within this many points of a word the first reading found is that word's. */
  wordMarginPt: 1.5,
  /** The page is looked at in cells of this many points: ink of a cell with at least
   * `cellInkShare` of its pixels inked counts (a speck of noise does not fill a cell's 10%). */
  cellPt: 1,
  cellInkShare: 0.1,
  /** Inked cells closer than this many points on a line join into one piece (a word's letters
   * and a number's digits are < 1 pt apart; two table columns are 10+ pt apart). */
  joinGapPt: 3,
  /** A piece of text is at least this tall and this much ink (square points): a dash is ~0.6 pt
   * tall, so it is not re-read on its own (empty-slots.ts reads those), a digit of 7 pt type ~5 pt. */
  minHeightPt: 3.5,
  minInkPt2: 3,
  /** ...and at most this tall: taller blobs are pictures, logos, chart areas. */
  maxHeightPt: 30,
  /** ...and at most this share of its box inked: a line of text is 20-50% ink in its box, the end
   * of a shaded band seen against the paper beyond it (where the background window takes in the
   * paper, inkContrast) is solid. */
  maxInkShare: 0.7,
  /** Pixels within this many points of a ruling found in the image (raster-rulings.ts) are the
   * ruling's: rulings are 0.5-1.5 pt wide. */
  rulingMarginPt: 1.5,
  /** A piece is read again only when no word the reading found lies within this many points of
   * it: ink beside a read word is that word's (its glyph edges, a mark its box left out), and a
   * dropped column or row stands a column gap or a line gap (5+ pt at 8 pt type) from what was
   * read. Measured on the EU realistic scans: without it, pieces beside read words turned right
   * cells wrong (two EU documents lost 0.03-0.09 F1). */
  isolationPt: 4,
  /** ...except a piece at least this tall (a line of 7 pt type's digits is ~5 pt; a mark, a
   * glyph's edge or a descender is less) whose middle lies above or below the word's box: that
   * is the next line's text, not the word's. */
  ownLineMinPt: 5,
  /** Padding of a piece's crop (points; the mosaic shaves 1 pt off each side). */
  padPt: 3,
  /** Only words read there with at least this confidence are kept: a crop of a chart's ink or a
   * stamp reads as low-confidence junk. */
  minConfidence: 0.6,
  /** The words read in the pieces join the page's reading only when they are at least this share
   * of the words it read (or it read none): that is a layout analysis that dropped whole blocks.
   * A few pieces on a page read otherwise whole are marks, superscripts, a chart's labels, which
   * the cells' own checks handle (empty-slots.ts, unread-ink.ts), and adding them cost EU: with
   * every piece kept F1 0.876 -> 0.869 (one EU document 0.908 -> 0.667: words read twice). Measured on the
   * EU realistic scans, 111 pages: at most 0.12 (14 pieces' words against 114 read); generated
   * pages that lost their value columns: 0.83 (30 against 36), 9.3, and pages with no word read. */
  minAddedShare: 0.25,
  /** ...or, below that share, the words that stack into a block of at least this many lines (a
   * table's stub column of six names beside 48 values read is 0.12 of them: generated
   * `multi-level-header` and `flush-left-bands` scans lost their stub columns so). Marks,
   * superscripts and a chart's scattered labels are a line each; three lines is the fewest a
   * column of a table has (a one-row table has no column to lose). */
  minBlockLines: 3,
  /** Words are one block when they overlap across and the gap between their lines is at most this
   * many word heights (OCR boxes are the ink: ~0.7 em. A table's rows at a pitch of 1.2-2 em
   * leave gaps of 0.7-1.9 box heights; generated `flush-left-bands` 1.0; a chart's axis labels,
   * 20-40 pt apart at 8 pt, 2.5+), or when they are on one line at most `joinGapPt` apart. */
  blockLineGap: 2,
};

// --- standing-lines.ts ---------------------------------------------------------------------
export const STANDING_LINE_SETTINGS = {
  /** A word counts as a piece of a standing line when it is at most this many line heights wide
   * (the page's line height: the median height of its confidently read lying words, mostly
   * numbers in a table, so about a capital's height). A standing line is about one line height
   * thick, more when its names are bold or larger than the values: its pieces measured 0.6-1.5 of
   * it on the generated `vertical-header` scans. A lying word this narrow is one or two letters. */
  pieceMaxWidthLines: 2,
  /** ...and at least this many: a standing line's pieces measured 0.7-1.1 line heights wide; a
   * scatter plot's markers, read as "+" and "*" stacks, 0.4 (3 pt at 7.9 on an EU page). */
  pieceMinWidthLines: 0.5,
  /** ...and not a confidently read word lying on its side (wider than tall, at least this sure):
   * that is upright text, whatever its width. */
  lyingSureFrom: 0.9,
  /** Pieces join a stack when their x ranges overlap by at least this share of the narrower... */
  stackOverlapShare: 0.5,
  /** ...and the vertical gap between them is at most this many line heights (a standing word's
   * pieces touch or overlap; rows of a table are 0.2-1 line heights apart, so rows of one-digit
   * values may stack too: standingPieceLines and the turned reading tell them apart). */
  stackGapLines: 0.5,
  /** A piece of one character stands on end when it is taller than this many line heights (a
   * glyph is at most ~1.3 line heights, a capital's height being ~1; Tesseract's one-glyph boxes
   * of a standing name measured 2.5+ on `vertical-header-0`). */
  standingPieceLines: 1.5,
  /** A word read whole while standing is at least this many times taller than wide ("Retail" is
   * 19 x 8 pt; an upright word of three letters is wider than tall). */
  standingWordAspect: 1.5,
  /** Pieces stacked at least this many line heights tall (two glyphs) seed a stack... */
  minSeedLines: 1.5,
  /** ...which is a candidate when, grown along its ink, it is at least this many line heights
   * tall (three glyphs or more) and at least twice as tall as wide. */
  minStackLines: 2.5,
  /** Ink above and below a stack within its x range, gaps of at most this many line heights,
   * belongs to it too (a piece Tesseract joined with its neighbours' glyphs into a wide word, or
   * left out): word gaps of a standing name are ~0.3 line heights. */
  extendGapLines: 0.4,
  /** ...up to a row inked across this share of the stack's width and a line height either side
   * of it: a ruling, not text. */
  rulingRowShare: 0.8,
  /** Beside the stacks, a column of pixels is a standing line's when at least this many line
   * heights of it are inked in the stacks' band of rows (a standing line's strokes ink 30-50% of
   * its length; paper noise on the levelled page far less)... */
  unreadColumnMinLines: 0.5,
  /** ...and inked columns at most this many line heights apart are one line (glyphs of a line
   * touch; two names stand a column's padding apart, 0.8+ line heights). */
  unreadColumnGapLines: 0.3,
  /** Read words, stacks and vertical rulings are cleared with this margin (points). */
  rulingClearPt: 1.5,
  /** A pixel is ink below this grey level (the prepared page: paper white, toner black). */
  inkBelow: 128,
  /** The crop read turned reaches this many line heights beyond the stack on either side. */
  cropPadLines: 0.3,
  /** A turned reading replaces the words in its crop when it has a word of at least this many
   * letters or digits, their mean confidence (each word weighted by its characters) is at least
   * this high, and it has more sure characters (characters times that mean) than the words it replaces: a
   * column of values read upright keeps its reading, a name Tesseract read in part standing
   * ("density" of "Population density") is read whole. On the generated `vertical-header` scans
   * the turned readings of names measured 0.94-0.97, the wrong turn's 0-0.68. */
  minChars: 3,
  acceptConfidence: 0.75,
  /** An unsure upright word (under lyingSureFrom) at least this share of whose box lies on lines
   * read turned is a piece of them too: "Fos" over two names of `vertical-header-0` lay 22% on one
   * and 28% on the other; a word beside a standing line touches its padded crop far less. */
  junkCoveredShare: 0.4,
} as const;

// --- ruled-words.ts ------------------------------------------------------------------------
export const RULED_WORD_SETTINGS = {
  /** A ruling runs through a word when it passes at least this many of the word's glyph widths
   * (its width over its characters) inside either end: a ruling at the end is glued, not inside. */
  insideGlyphs: 0.75,
  /** The piece between two rulings leaves this many points clear of each ruling (a scanned
   * ruling is 1-2 pixels of a 200 dpi scan, ~0.5 pt, blurred to ~1 pt). */
  rulingClearPt: 1,
  /** ...and is read when at least this many glyph widths wide (a one-digit value is one). */
  minPieceGlyphs: 0.8,
  /** The crop reaches this share of the word's height above and below it (Tesseract needs some
   * paper around a line to find it). */
  padHeights: 0.3,
} as const;

// --- scanned-page.ts -----------------------------------------------------------------------
export const RULING_GLUE = {
  /** How far beside a character's share of the word box a ruling may pass and still be that
   * character, in character widths (OCR boxes are tight to the ink, a ruling's centre is half
   * its 0.5-1.5 pt width inside it). */
  glyphTolerance: 0.25,
};

// --- raster-drawings.ts --------------------------------------------------------------------
export interface RasterDrawingSettings {
  inkBelow: number;
  rulingBandPt: number;
  minSidePt: number;
  maxFill: number;
  maxWordShare: number;
  minPieceSidePt: number;
  minCutPieceSidePt: number;
  joinGapPt: number;
  minSpanPt: number;
}

export const RASTER_DRAWINGS: RasterDrawingSettings = {
  /** Ink, on the prepared page: the raster rulings' level (RASTER_RULINGS.inkBelow). */
  inkBelow: 160,
  /** A ruling's pixels reach this far either side of its line: raster rulings are up to 3 pt thick
   * (RASTER_RULINGS.maxThicknessPt), so half that, and a blurred pixel more. A curve crossing a
   * grid line is cut there, by less than joinGapPt, so its pieces still make one drawing. */
  rulingBandPt: 2,
  /** A piece (a blob of ink once the rulings are out) reaches at least this far one way: the
   * raster rulings' shortest (RASTER_RULINGS.minLengthPt), so a stroke shorter than a ruling is
   * left out, as a glyph is... */
  minPieceSidePt: 18,
  /** ...or this far where a ruling cut it: a jagged series crosses a chart's grid lines every few
   * points (drawn charts of monthly data, raster-drawings.test.ts: with 18 here a series between
   * grid lines 27 pt apart left no piece). A glyph a ruling cut lies inside its word's box. */
  minCutPieceSidePt: 4,
  /** A piece inks at most this share of its box: a line, not a filled shape (a dark header's fill,
   * a solid bar inks most of its box; the curves and hatching of the EU realistic scans' charts 1
   * to 19%). A rule of thumb between the two, not tuned. */
  maxFill: 0.3,
  /** ...and words cover at most this share of its box: a large letter's blob lies inside its
   * word; a curve crosses a legend's or a label's words only in part. */
  maxWordShare: 0.5,
  /** Pieces this close are one drawing, and a drawing takes in the rulings this close to it: the
   * figures' join gap (figureJoinGap), which withAxes grows a vector chart's box by. */
  joinGapPt: 6,
  /** A drawing's pieces joined run at least this far one way before it grows: a lone drawn piece
   * this wide is a picture on a page with a text layer (minFigureSide * loneDrawingWidthFactor).
   * A few strokes no word covers (a glyph OCR missed, beside a table's ruling) run less, so they
   * never grow into the table's grid. */
  minSpanPt: 48,
  /** A drawing, grown by its grid and axes, spans at least this both ways: the smallest figure
   * (minFigureSide). */
  minSidePt: 24,
};

// --- raster-rulings.ts ---------------------------------------------------------------------
export interface RasterRulingSettings {
  /** A pixel is ink when its grey level is below this (scans: black on white paper). */
  inkBelow: number;
  /** A ruling is at least this long, in points (a narrow ruled cell is ~20 pt wide; no glyph of
   * body text has a straight stroke this long). */
  minLengthPt: number;
  /** ...and at most this thick, in points (hairlines are 0.25-1 pt; 3 pt leaves room for blur). */
  maxThicknessPt: number;
  /** Gaps up to this many points inside a run are bridged (scan noise, a dropped pixel). */
  bridgePt: number;
  /** A band is glyph bottoms, not a ruling, when less than this share of its runs' pixels is thin
   * ink... Measured on the prepared EU realistic scans (1,094 bands of 120 pt or
   * more, nearly all rulings): 1,071 at least 0.84, the rest rulings that text touches all along
   * (0.61-0.78, with gap shares of 0.035 or less). Generated `multi-level-header` scan:
   * rulings 0.99, the 21 glyph-bottom runs 0.33-0.69; over the four families of
   * raster-rulings-family.test.ts (12 scans) the glyph-bottom runs reach 0.80. 0.82: between
   * 0.80 and the faint rulings' 0.84. */
  textThinShare: number;
  /** ...and more than this share of them is paper bridged (`bridgePt`) between thin ink. Rulings:
   * at most 0.035 where text touches them, up to 0.16 on faint ones that are thin all along;
   * glyph-bottom runs 0.079-0.23 on `multi-level-header`, down to 0.049 under a bold header
   * (`stub-head`). 0.042: between 0.035 and 0.049. Of the EU bands of 90 pt or more, this pair of
   * tests drops 3 (two of a scanned page's top edge, one in a chart). */
  textGapShare: number;
  /** On a background darker than inkBelow + `noiseMargin` (flatten-background.ts's backgroundOf,
   * closed one block wide so a tint's own edge keeps its level) the ink level scales with the
   * background: ink is darker than inkBelow * max(background, atLeast) / (inkBelow + noiseMargin);
   * null: the fixed level everywhere. Under the fixed level a mid-grey tint is all ink, a rule
   * crossing it thick there, and the rule ends at the tint (generated `shaded-stub-grid` scans: 38
   * of 86 grid rules found across the table, 83 of 86 scaled; raster-rulings-family.test.ts).
   * Lighter tints keep the fixed level: scaled, a hairline on an EU stub tint (~200) fell above it
   * in places and its rules broke. `windowPt`: scan preparation's backgroundWindowPt.
   * `noiseMargin`: three times the realistic scans' sensor noise (sigma 8, scan preparation's
   * backgroundPaperMargin note). `atLeast`: those tints' backgrounds measured 120-190 after the
   * levels are stretched, dark fills (`reversed-header`) 0-50; below it the level stays
   * inkBelow * 110 / 184 (~96), above the darkest fills, so a fill stays ink. */
  tints: { windowPt: number; atLeast: number; noiseMargin: number } | null;
}

export const RASTER_RULINGS: RasterRulingSettings = {
  inkBelow: 160,
  minLengthPt: 18,
  maxThicknessPt: 3,
  bridgePt: 1,
  textThinShare: 0.82,
  textGapShare: 0.042,
  tints: { windowPt: 3, atLeast: 110, noiseMargin: 24 },
};

// --- raised-marks.ts -----------------------------------------------------------------------
export const RAISED_MARK_SETTINGS = {
  /** A pixel of the prepared page (paper white, toner black) is ink below this grey level
   * (standing-lines.ts's value). */
  inkBelow: 128,
  /** The word's last run of ink is a mark when at most this many word heights wide: a footnote
   * mark of one or two glyphs set at 55-70% of the body size measured 1.7-3.4 pt on 6-8 pt tall
   * words of the generated `marker-values` scans; a quote glued to a word's last letter (no blank
   * column between them) makes a run as wide as the word ("Tomatoes’": 21 pt), which is left. */
  maxWidthHeights: 0.8,
  /** ...and when its lowest ink is at least this many word heights above the word box's bottom: a
   * superscript sits a third of an em up, about half a digit's height; a full stop or a comma
   * (not look-alikes anyway) sits on the baseline. */
  minRaisedHeights: 0.25,
  /** The crop around the mark's run (points): a little paper to each side, the word's full height
   * and some above it (superscripts reach over the cap height). The mosaic shaves up to 1 pt off
   * each side (ocr/settings.ts crops.insetPt); these are the margins the crops were measured with
   * (`marker-values` scans: 9 of 10 marks read right, the tenth at confidence 0.27). */
  sidePadPt: 0.8,
  topPadPt: 1.5,
  bottomPadPt: 0.5,
  /** A mark's reading replaces the look-alike only when Tesseract is at least this sure of it:
   * the right marks measured 0.66-0.96, the one wrong ("P" for a mark of "3.1.5 p" read as "315°")
   * 0.27. */
  minConfidence: 0.6,
} as const;

// --- despeckle.ts --------------------------------------------------------------------------
export interface DespeckleSettings {
  enabled: boolean;
  maxSpeckPt: number;
  maxInkPt2: number;
  clearancePt: number;
  rimPt: number;
  lineReachPt: number;
  darkBelow: number;
  lineBelow: number;
}

/** Specks taken off the prepared page (despeckle.ts). Measured on ICDAR 2013 EU pages scanned
 * with one pixel in a thousand darkened (docs/measurements, the specks note). */
export const DESPECKLE_SETTINGS: DespeckleSettings = {
  /** On. Speckled scans (realistic ones with one pixel in a thousand darkened): EU complete F1
   * 0.743 -> 0.828 (2 documents), generated seed 90001 0.434 -> 0.504. Realistic scans, no specks
   * added, read the same within a cell or two: EU 0.903, US odd 0.754, seed 90001 0.943 with it
   * on and off; seed 13 0.944 -> 0.942 (one document). It takes 129 blobs off EU's 111 realistic
   * pages and ~14,000 off the 86 pages of the generated seeds' (grain dots a stretched sparse page
   * keeps on white paper). Measured in docs/measurements (the specks notes). */
  enabled: true,
  /** A speck's box is at most this wide and tall: a pixel of a 200 dpi scan is 0.36 pt, and one
   * blurred by the scanner and JPEG spans three or four pixels of the 300 dpi page OCR reads as a
   * grey smudge (~0.7-1 pt); a period of 9 pt type is ~1 pt, of 6 pt type ~0.7 pt... */
  maxSpeckPt: 1,
  /** ...and its ink (a black pixel one, a grey one its share, on the page as prepared, levels
   * stretched) comes to at most this many square points. A period of 6 pt type holds ~0.38 of
   * toner before stretching. The specks added to EU pages (one dark pixel of the 200 dpi scan
   * each, ~3,900 a page) came out at 0.05-0.3 on the prepared page: as committed, on the two
   * speckled EU documents 6,069 went at 0.2, 8,077 at 0.3, 8,104 at 0.5 (5 pages). On the 111
   * pages of the EU realistic scans (no specks added), 129 at any limit from 0.2 to 0.5. */
  maxInkPt2: 0.3,
  /** ...with no ink within this distance of it: a decimal point or a comma stands ~0.2-0.5 pt from
   * its digit, an "i"'s dot or an accent less from its letter. */
  clearancePt: 1,
  /** ...and on paper beyond this rim (no grey at all, at most lineBelow, further out): the speck's
   * own blur and JPEG halo reach about two pixels of the 300 dpi page. The grain of a grey-shaded
   * cell has dark clumps of a speck's size; without this test they went (365 on one EU realistic
   * page), punching white holes in the tint. Rim 1, 2 and 3 pixels: on a speckled EU page 1,752,
   * 1,922 and 2,028 specks went; on three EU realistic documents with tints (no specks) 12, 27
   * and 32 blobs. */
  rimPt: 0.5,
  /** ...nor a piece of a thin line: ink level or plumb with it within this distance (beyond the
   * clearance), with no dark ink just above and below that (or beside it): the dashes of a faint
   * ruling broken by the scan lie one to three points apart, while a glyph beside a speck is
   * taller than the speck. Without this test (and the rim's), 0 to 3,107 blobs a page went on the
   * EU realistic scans (no specks added), most of them dashes of faint rulings; with both, 129
   * over the 111 pages (at most 40 a page). */
  lineReachPt: 4,
  /** Dark enough to be part of a speck (0-255, the prepared page: paper 255, toner 0): a speck's
   * blurred pixels scan at ~120-190, and at 128 two thirds of them were missed (a speckled EU page:
   * ~1,050 grey specks left)... */
  darkBelow: 192,
  /** ...and what counts as ink in the line test: any grey below the paper (a faint ruling scans
   * at ~150-220). */
  lineBelow: 224,
};
