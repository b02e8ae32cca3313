// Every tuning value of the pipeline, with where its value came from. Bump
// SETTINGS_VERSION whenever a value or a rule changes: it heads the version stored with each result
// (settings-tree.ts, which gathers every settings object; the OCR cache has its own
// OCR_SETTINGS_VERSION).
// Every value keeps the origin its comment gives; what changed between versions is in the commit
// messages.
export const SETTINGS_VERSION = "2026-12-03.5";

export const SETTINGS = {
  // --- prose -------------------------------------------------------------------------------
  /** Lines whose vertical gap exceeds this many line heights start a new paragraph (typical
   * body text leading is 1.2; a blank line is ~2.4). */
  paragraphGapLineHeights: 0.8,
  /** A line whose font is at least this much larger than the page's body text is a heading. */
  headingSizeRatio: 1.15,
  /** Prose columns are separated by a gutter of at least this many ems (gutters are 1.5-3 em;
   * justified word spacing stays below 1 em). */
  proseColumnGapEm: 1.5,
  /** A bold body-size line longer than this is emphasis, not a run-in heading. */
  maxHeadingChars: 120,
  /** A block that ends a sentence (a final full stop) and has at least this many words is a
   * paragraph, however large or bold its type: headings are names, not sentences. Body paragraphs
   * set a little larger than a page's many small notes and sources (which pull the median size
   * down) came back as headings; the generated prose family (prose/heading-family.test.ts) draws
   * sentences of 5-24 words and headings of 1-9 words without a full stop. Five: "See the notes
   * below." stays a paragraph, while a heading of five words or more never ends with a stop. */
  headingMaxSentenceWords: 5,
  /** Gutter (points) between reading-order columns: half the smallest prose gutter (~12 pt). */
  readingOrderGutter: 6,

  // --- pdf-text ----------------------------------------------------------------------------
  /** A page is read in a turned frame when one non-upright direction holds at least this share
   * of its characters (geometry/page-orientation.ts): a sideways or upside-down table page has
   * nearly all its text turned; rotated side labels and axis titles on an upright page hold a
   * few percent (the golden side-label page: 10 of ~140). Half: the majority decides (strictly
   * more than half; never less). */
  readingTurnShare: 0.5,
  /** Runs closer than this many ems along one baseline are one word (kerned runs are < 0.05 em
   * apart; a typeset space is 0.25-0.33 em). */
  wordJoinGapEm: 0.15,
  /** Faces drawn to the standard 14 fonts' widths (readers/character-advances.ts), matched in the
   * font's name: Helvetica and Arial (Arial was drawn to Helvetica's widths), Times and Times New
   * Roman. Only in these does a run wider than its glyphs hold that much more white space, which
   * goes to its spaces. Measured by drawing each face in each weight (character-advances.test.ts:
   * exact to 0.05 em); other faces (DejaVu, Calibri) keep every character scaled alike. */
  standardWidthFaces: ["helvetica", "arial", "times"] as readonly string[],
  /** ...but not their narrow cuts, whose glyphs are narrower than the table (Arial Narrow). */
  narrowFaceMarks: ["narrow", "condensed", "compressed"] as readonly string[],
  /** The most white space (ems) one space of such a run is given; beyond it every character is
   * scaled alike. pdf.js joins two runs up to 0.6 em apart into one with a space
   * (SPACE_IN_FLOW_MAX_FACTOR), so no real space in a run is wider. Without the bound, two held-out
   * US odd tables read worse (complete F1 0.981 -> 0.980) and letters spaced out read as words. */
  spaceShareMaxEm: 0.6 as number,
  /** Words on one line belong together when their vertical centres are closer than this share
   * of the font size (baselines of one line differ by sub/superscripts, < 0.4 em). */
  lineCenterToleranceEm: 0.45,
  /** A superscript footnote mark ("Tomatoes" + a raised "2") joins the line it is attached to
   * (geometry/superscripts.ts) when its font is at most this share of the line's: superscripts
   * are set at 55-70% of the body size (generated family sparse-placeholders draws 60%); 0.8
   * keeps a line of ordinary text in a slightly smaller face (>= 0.85) apart. */
  superscriptSizeRatio: 0.8,
  /** ...when it starts within this many ems of a word's end (before or after it): a mark
   * touches its word (-0.1 to 0.1 em: seed 42 variant 24 of sparse-placeholders overlaps by 0.07
   * em in the text layer), a typeset space is 0.25 em. */
  superscriptGapEm: 0.2,
  /** ...and when it is this short: footnote marks are one to three characters ("2", "12", "a",
   * "*"); a longer small word is text of its own. */
  superscriptMaxChars: 3,

  /** A qualifier line at most this many ems above a table may be its caption (one blank line). */
  captionGapEm: 2.5,
  /** Captions are short qualifiers, not paragraphs. */
  maxCaptionChars: 80,

  // --- pdf-grid ----------------------------------------------------------------------------
  /** Edges within this many points of horizontal/vertical count as axis-aligned. */
  axisTolerance: 0.5,
  /** A filled rectangle thinner than this (points) is a ruling: 2 pt is four times the usual
   * 0.5 pt hairline, still far below any cell height (~10 pt). */
  thinRectMax: 2,
  /** A stroked path with more points than this is a drawing (chart series, outline); table
   * borders are lines or rectangles (2-5 points each). */
  maxRulingPathPoints: 8,
  /** Filled rectangles larger than this share of the page are page backgrounds, not cells. */
  maxBackgroundPageShare: 0.5,
  /** Rulings closer than this (points) are one line: double rules and stroke widths. */
  rulingSnap: 2,
  /** Pieces of one ruling with gaps up to this (points) are joined (dashes, cell-by-cell strokes). */
  rulingJoin: 3,
  /** Rulings are taken to cross when within this many points (line width plus rounding). */
  intersectTolerance: 2,
  /** When this share of the text lines in a grid's cells hold values split by a gap, the grid lacks
   * column rulings and the text layout gives the columns (a ruled cell holds one value; a
   * zebra row holds a whole record). */
  underColumnedShare: 0.3,

  // --- figures ----------------------------------------------------------------------------
  /** Figures are at least this many points on each side (~8 mm): smaller images are icons,
   * bullets or rules. */
  minFigureSide: 24,
  /** An image covering more than this share of the page is a page background or a scan. */
  maxFigurePageShare: 0.9,
  /** Vector pieces within this many points belong to one drawing. */
  figureJoinGap: 6,
  /** A vector figure has at least this many drawn pieces (a lone box or line is decoration). */
  minFigureDrawings: 3,
  /** Bar charts (figures/chart-bars.ts): at least this many filled rectangles on one baseline
   * make a bar chart's bars, as minFigureDrawings pieces make a drawing. */
  chartMinBars: 3,
  /** ...their base edges in line within this many points (a drawing program's rounding: bars are
   * drawn from one axis value), */
  barEdgeTolerancePt: 1,
  /** ...their thicknesses alike within this share (bars of one series are drawn one width), */
  barThicknessTolerance: 0.05,
  /** ...and their lengths spread by at least this share of the longest: bars show values, so
   * they differ, where a table's shaded bands are all the table's width. 0.15: in the generated
   * bar-chart family values are drawn from 5 to 95 (two bars one value apart are the rare case
   * this leaves out; one more bar anywhere in the series brings it back); zebra bands spread 0. */
  barLengthSpread: 0.15,
  /** A text-only table lying this much on drawn artwork is a chart's labels (axis labels sit
   * around the plot, so the labels' box is only partly on it). */
  chartOverlapShare: 0.3,
  // --- word blocks that are not tables (tables/word-blocks.ts) ------------------------------
  /** A chart legend's labels are at most this many words ("Euro area (changing composition)");
   * an EU document's and the chart-legend family's labels are one or two words (a country name). */
  legendLabelMaxWords: 5,
  /** A legend: at least this share of its labels has a line sample or swatch just left of it
   * (every label does in the chart-legend family; half leaves room for a sample the reader
   * misses, a swatch drawn as an image). */
  legendSampleShare: 0.5,
  /** A sample ends at most this many ems (of the label's height) left of its label: the
   * chart-legend family leaves 6 pt at 8-10 pt text (~0.6 em); printed legends up to ~1 em. */
  legendSampleGapEm: 1.5,
  /** A line sample is between these lengths in ems: the family draws 22 pt (~2.3 em); a
   * shorter stroke is an underline piece or a bullet, a longer one a rule. */
  legendSampleMinEm: 0.5,
  legendSampleMaxEm: 4,
  /** A sample is level with its label: its middle within this many ems of the label's middle
   * (an EU chart draws its samples as thin filled shapes 0.15 em above the middle of the label's box;
   * the family strokes them at half the font size under the text's top). */
  legendSampleLevelEm: 0.6,
  /** A colour swatch (a small filled box) is at most this many ems tall: a bar of a chart is taller. */
  legendSwatchMaxHeightEm: 1.5,
  /** A legend's frame lies within this many ems of its labels: the family pads 6 pt on the left and
   * up to colWidth's 24-50 pt of slack on the right (~5 em at 10 pt). */
  legendFrameMarginEm: 6,
  /** A key's expansion (or a wrapped line of it) is at most this many words: one printed line
   * ("survey of retailers and wholesalers, estimates not comparable across years" is 10). */
  keyExpansionMaxWords: 16,
  /** A key of abbreviations pairs at least this many codes with their expansions: an EU document's key
   * has 4 (one of them merged into one cell), the family 3 to 5 (a wrapped last pair can fall out
   * of the block, leaving 2). */
  keyMinPairs: 2,
  /** A key starts at most this many ems (of its text height) under the table or figure it
   * explains: the abbreviation-key family leaves 1.3-2.3 em, the EU key ~2 em (15 pt at 8 pt). */
  keyBelowGapEm: 4,
  /** A key's left-out last pair follows at most this many ems under the key's last line: keys are
   * set at their text's own pitch (the family 1.2 size, the EU key about the same), so less than a
   * blank line (~1.2 em) apart; a note paragraph after a blank line stays out. */
  keyLineGapEm: 0.8,
  /** A table candidate starting at most this many ems (of the caption's size) under a "Figure N"
   * caption is that figure's content (figures/captioned-charts.ts): an EU document's flow chart starts
   * 5 em under its two-line caption. */
  figureCaptionGapEm: 8,
  /** Between such a caption and the chart only the chart's own labels may sit: single lines at
   * most this long ("Municipal taxes"); a sentence means the figure ended above it. */
  maxChartLabelChars: 40,
  /** A figure caption's title may sit this many ems right of its "Figure 1:" label (a tab). */
  captionTitleGapEm: 6,

  /** Figures are cropped from a render at this scale (2 = 144 dpi: ~0.1 s per A4 page). */
  figureRenderScale: 2,
  /** A table continuing from the previous page starts in this top share of the page (below a
   * running header). */
  continuationTopShare: 0.35,

  // --- pdf-layout --------------------------------------------------------------------------
  /** A gap of this many ems inside a line separates two chunks (columns). Word spaces are
   * 0.25-0.33 em and justified prose stretches them to ~0.8 em. */
  columnGapEm: 1.0,
  /** Inside a chunk that runs over a column gutter, a word gap this wide (ems) in the gutter
   * separates two cells; an ordinary space (0.25-0.33 em) keeps a spanning label whole. */
  gutterSplitGapEm: 0.4,
  /** ... also when the gap starts or ends inside the gutter: a column's widest text (a long stub
   * label a little under one em from its first value; a right-aligned name wider than its
   * numbers) crosses the edge the other lines set, and its line was read as one chunk
   * ("Luxembourg 945.2", "Prices Imports"). Generated families vertical-header and
   * blank-every-five. */
  gutterFromWidest: true as boolean,
  /** With gutterFromWidest: the stub's widest label may run on past the edge the other labels
   * set when the word after the gap is a number on the next column's edge (layout-model.ts
   * splitAtGutters). Seen draws of the generated ruled-group-boxes family with tight column gaps
   * (0.9-1 em): a stub label came out joined to its first value. */
  gutterWidestRunOn: true as boolean,
  /** Two one-word names running into the gutter between their columns from both sides, each
   * centred over its own column's numbers, are two cells (tables/gutter-names.ts). Made for seen
   * draws of the generated ruled-group-boxes family with tight column gaps (two names came out as
   * one cell over both columns). Off: on the held-out US set it added 10 wrong relations
   * (complete F1 0.981 -> 0.980, none verified), so the rule is not general yet. */
  gutterBothRunIn: false as boolean,
  /** ...but on in a line of names with exactly one word per column (layout-model.ts
   * isOneWordNamesLine): there two words in one chunk cannot be one name, or a column would have
   * none (generated family ruled-group-boxes, tight column gaps: every seen draw exact; no-OCR
   * evals of EU, US odd and generated seeds 13 and 90001: no document changed). */
  gutterNamesInOneWordLines: true as boolean,
  /** ...and in such a line right above the values (the stub's name may be blank), words each
   * centred inside a column of their own and at least this many ems apart are one name each,
   * wherever their gaps fall (layout-model.ts wordsOverOwnColumns): a word space is 0.2-0.35 em
   * in common fonts, so words further apart are not one phrase. A word stands over the column it
   * overlaps most (a name wider than its numbers and right-aligned with them has its centre left
   * of them), and the stub's name may be blank or several words (generated blank-every-five,
   * development seeds 21-60, both variants: 11 wrong relations undisputed before, 0 after).
   * Generated band-subset family, names set 0.8 em apart and wider than their numbers, read as
   * one name over six columns, undisputed. Detection uses the same test to take such a line of
   * names, set close enough to read as one prose-like chunk, into the table above its first row
   * of values (tables/names-over-values.ts; generated blank-every-five, development seeds
   * 161-240: 149 -> 160 of 160 draws exact). 0 switches both off. */
  namesApartEm: 0.5 as number,
  /** Two numbers side by side are two cells when this many ems apart (any word space: typewriter
   * tables separate columns by one 0.6 em space, typeset ones by a 0.25 em space; a thousands
   * group written with a space, "100 000", is excepted in lineToChunks). */
  numberGapEm: 0.1,
  /** Column gutters must be at least this wide (ems of the table's median font size): a
   * typewriter table right-aligns numbers one 0.6 em space apart, leaving ~0.5 em gutters. */
  minColumnGapEm: 0.4,
  /** A column of values each followed by a bracketed share or interval is two columns
   * (tables/bracket-columns.ts) when the brackets' right edges line up within this many ems
   * (right-aligned text lines up to its rounding, under 0.1 em)... */
  bracketAlignEm: 0.1,
  /** ... the gaps between value and bracket differ by more than this many ems (a cell
   * "38 (24.7)" keeps one word space, the same on every line to a few hundredths of an em; two
   * columns aligned apart change the gap by a digit's width, ~0.5 em, when bracket widths
   * differ)... */
  bracketGapSpreadEm: 0.15,
  /** ... and by at least this many times as much as the values' right edges do (in a cell
   * "38 (24.7)" the values' ends move exactly as much as the gaps do not; in two columns they
   * stay put up to the estimate of word boxes inside a text run, ~0.2 em, against gaps moving by
   * 0.5 em or more: generated bracketed-columns family)... */
  bracketGapOverValueSpread: 2,
  /** ... or, where the geometry of the pairs cannot tell, a header line names the brackets apart:
   * its words part at the cut with a gap of at least this many ems, and the part right of the gap
   * stands over the brackets ("2007   CI", "1997   %"). Two words of one label ("Population
   * size" over "1269 (19.9%)", one cell in the ICDAR 2013 ground truth) are one word space apart,
   * 0.2-0.35 em in common fonts; 1 em is three such spaces. Generated bracketed-columns family
   * (development seeds 21-40), where labels over each column stand a column gap apart. */
  bracketHeaderGapEm: 1,
  /** ... on at least this many lines ... */
  bracketMinLines: 3,
  /** ... and this share of the column's lines holding digits (a total row may lack a share). */
  bracketLineShare: 0.8,
  /** A column pairing values with brackets on every line that is not cut is in doubt
   * (`layout_disputed`) unless it shows a cell's own evidence (gaps within bracketGapSpreadEm
   * while the values' ends move more), and so is a table that cuts some such columns and keeps
   * others. Development draws of the generated bracketed-columns family (seeds 21-80): the pairs
   * pdf.js gives as one text run have estimated word boxes where gaps and values both move a
   * little, neither cut nor flagged, and read wrong with every cell verified. */
  bracketDoubtUnlessOneCell: true as boolean,
  /** Leaf names repeating in at least this many groups ("Number | Percent" twice or more) propose
   * bands over those groups; an unruled table whose band labels cut a group, or whose names
   * repeat only in their last lines, is disputed (tables/header-pattern.ts). Two: one repetition
   * is already a pattern no wrapped name makes. 0 switches the check off. Development draws of
   * the generated flush-left-bands and multi-level-header families (seeds 21-60), where a band
   * line read as the first line of the names, or a band cut at a gutter, came out verified. */
  repeatedGroupsMinGroups: 2,
  /** ...and a label set flush left over each group's first column, one per group and none
   * elsewhere, where the names repeat whole from group to group, is a band over its group
   * (tables/header-pattern.ts): over its first column alone it would be read as that name's
   * first line, leaving two columns named alike ("Change"), which a table does not print without
   * a band to tell them apart. Development draws of the generated flush-left-bands family (seeds
   * 21-40, no rule under the bands), where the band line was read into the names. */
  repeatedGroupsBandLine: true as boolean,
  /** ...its left edge within this many line heights left of the first column's widest line (a
   * label set flush left starts where the column does; right-aligned values may start a little
   * right of the column's edge; half a line keeps a label over the gutter before it out). */
  bandFlushLeftEm: 0.5,
  /** An unruled table with a one-column header label sitting off its column's centre (by
   * offCentreShare) towards a neighbouring value column that has no label in that row is
   * disputed (tables/off-centre-label.ts): a band over the pair placed in one column.
   * Development draws of the generated bracketed-columns family (seeds 21-80): a lone band over
   * one value and its bracket, with no names under it, came out verified. */
  offCentreLabelDoubt: true as boolean,
  /** ...but not a label standing under a name in its column, within that name's width or centred
   * on it (this many points of slack): the last line of a wrapped name set in a header row of its
   * own ("Gross value added at basic" over "prices"), which leans as its name does. Generated wrapped-headers family
   * (development seeds 21-40, top-aligned variant): 12 right tables doubted so. Negative switches
   * it off. */
  offCentreCarryTolerance: 1 as number,
  /** A short band right above the names, over the gap between two names or over the middle name
   * of three and so reaching fewer than two of them, belongs to the table (tables/band-above.ts).
   * Seen draws of the generated band-subset family: such bands were left out of the table. */
  shortBandAbove: true as boolean,
  /** An unruled table whose lone top-row label stands over one column's name, with a run of
   * columns centred under it, is disputed: its column's first line or a band over the run
   * (tables/header-bands.ts). Development draws of the generated band-subset family (seeds
   * 21-60): a band over three columns read as the middle name's first line came out undisputed. */
  loneLabelBandDoubt: true as boolean,
  /** A lone label taken as centred over all value columns (within centredLabelTolerance) whose
   * centre is at least this many line heights off their middle, while a run of some of them has
   * its middle within a quarter of that offset, is in doubt with that run as the alternative
   * (header-bands.ts tighterRunThanAll): typeset centring is exact to a fraction of a point, so a
   * label lines apart from the middle of all is centred on something else. Generated band-subset
   * family (development seeds 21-60): a band over three of eight columns stretched over all
   * eight, undisputed. 0 switches it off. */
  loneBandAllOffEm: 1 as number,
  /** ...and so is a lone label centred over all value columns (no rule under it) that is centred as
   * well over a run of them inside: a band over the middle three of seven equal columns stands
   * where a band over all seven does (header-bands.ts). Generated band-subset family (development
   * seeds 21-80, two variants): such a band stretched over all seven, 4 wrong relations undisputed,
   * now disputed; no right draw of any family newly disputed, and no ICDAR 2013 table moved. */
  loneAllInnerRunDoubt: true as boolean,
  /** The first of these doubts (loneBandAllOffEm) applies as well to a lone label of several
   * words, which the layout reading spreads over every value column as centred on them before the
   * bands are read (tables/layout-model.ts; header-bands.ts). It reached one-word labels only.
   * Generated band-subset family (development seeds 161-240, two variants): wrong relations in
   * undisputed draws 10 -> 1 (a band over three of eight columns read over all eight), right
   * draws disputed 3 -> 3. The second (loneAllInnerRunDoubt) is not applied to such labels: it
   * caught no further draw there. */
  spreadLabelBandDoubt: true as boolean,
  /** ...and so is one with several such labels in its band row, each over one column's name with
   * a run of columns centred under it, the runs apart (header-bands.ts severalLoneLabels).
   * Generated band-subset family (development seeds 61-80): two bands over three columns each,
   * read as their middle names' first lines, came out undisputed. */
  severalLoneLabelsDoubt: true as boolean,
  /** Labels of a band row are each centred over their own run of value columns: where giving each
   * column to the nearest label leaves one off its run's middle by more than this many line
   * heights, and another split puts every label within it, that split is taken
   * (header-bands.ts centredRuns). Typeset centring is exact to a point; half a line leaves room for
   * the columns' centres, which come from their numbers. Generated band-subset family (development
   * seeds 61-80): a band over two columns beside one over four took the next band's first column.
   * 0 switches it off. */
  bandCentreFitEm: 0.5 as number,
  /** ...and where two such splits fit as well (as many columns covered: bands over 1-4 and 5-6
   * have the middles of bands over 2-3 and 4-7), the table's band is in doubt, read as the
   * nearest-centre owners give it. Generated band-subset family (development seeds 161-240): the
   * second band stretched one column too far, undisputed. */
  bandSplitTieDoubt: true as boolean,
  /** A table opening with a row of values within this many of the upper table's row pitches under
   * a table of as many columns standing in the same places, with only rows between them, may be
   * its continuation: both are disputed (tables/split-doubt.ts). Six: two rows left out between
   * them, the boxes' padding and a blank (development draws of the generated ruled-group-boxes
   * family, seeds 41-80, where a table cut at a box came out as two tables with every cell
   * verified, five pitches apart). 0 switches the check off. */
  splitDoubtGapPitches: 6,
  /** ... columns stand in the same places when their left or right edges are this many ems apart
   * at most (aligned text lines up to its rounding; an em leaves room for a sign or a note mark
   * hung outside the column). */
  splitDoubtColumnAlignEm: 1,
  /** Two tables stacked with a blank line between them may come out as one region: a table with a
   * blank line inside it (a step from one line's top to the next of at least this many of its
   * median steps) under which no value stands in a column of the values above it is disputed
   * (tables/merge-doubt.ts). 1.6: a blank line doubles the step (2), and a loose pitch between
   * row groups stays under 1.5 (generated families blank-every-five and stacked-typed-tables,
   * development seeds). 0 switches the check off. */
  mergeDoubtBlankPitches: 1.6 as number,
  /** ... a value stands in a column when its edge lies within this many ems of the column's
   * (right-aligned numbers line up to their rounding; a stacked table set apart by a few points
   * moves by more: generated stacked-typed-tables, 0.44 em). */
  mergeDoubtAlignEm: 0.3 as number,
  /** ... and at least this many lines with values lie under the blank (one line is a total or a
   * memorandum item, which may be set in its own place). */
  mergeDoubtMinLinesBelow: 2 as number,
  /** A line in the stub with no number right under a table, its gap at most this share of the
   * table's median gap between rows (a wrap is set at the table's own spacing or closer; 1.5
   * leaves room for a hanging indent's extra leading), disputes where the table ends
   * (tables/tail-doubt.ts). Development draws of the generated indented-stub family (seeds
   * 31-45), where a last row label's wrapped line was left out and the cut label verified.
   * 0 switches the check off. */
  tailWrapGapShare: 1.5,
  /** ... and carrying on the last row's label: in lower case, or hung this many ems right of the
   * label's start (a hanging indent is an em or more; EU's source lines and test statistics
   * under a table start flush with the stub, and without this condition 6 of EU's 71 right
   * tables were disputed). */
  tailWrapHangEm: 0.5,
  /** A cell holding two numbers on one line this many ems apart (a word space is 0.2-0.35 em in
   * common fonts; a thousands group, an interval and a mark set small are excepted), or a line of
   * values and a line of names stacked right of the stub, holds several cells' text: the table is
   * disputed (tables/mixed-cells.ts). Development draws of the generated stacked-parts family
   * (seeds 21-80, both variants): one-row parts read as one table delivered 22 wrong relations
   * undisputed before, 0 after, no exact draw disputed; no document of EU or US odd changed
   * (no-OCR bench digest the same). 0 switches the check off. */
  mixedCellNumbersApartEm: 0.5 as number,
  /** ...and so does a body cell with a line of two values each followed by its own bracket
   * ("874.15 [58.0-63.4] 542.98 [89.9-93.2]"; tables/mixed-cells.ts hasTwoValueBracketPairs).
   * One value, its bracket and a further plain value is not enough: that was tried, and flagged two
   * right tables of the held-out set. Generated bracketed-columns family (development seeds
   * 161-240): values and brackets all set under an em apart read as one column, 12 wrong relations
   * undisputed. */
  mixedCellValueBracketPairs: true as boolean,
  /** Two tables of a page starting at one left edge, with at least two names alike in text and
   * place (centres within this many ems of the names' size), are in doubt when one of those names
   * stands over another column in each (tables/repeated-names.ts). Typeset repeated names stand at
   * the same places to a fraction of a point; half an em leaves room for word boxes cut from a run.
   * Generated stacked-parts family (development seeds 161-240): a one-row part whose long label
   * was set close to its first value came out a column short, undisputed. 0 switches it off. */
  repeatedNamesAlignEm: 0.5 as number,
  /** A table whose stub head stands on a line of its own above every column name is in doubt: the
   * stub's name, or a caption set right above a table whose stub has none
   * (tables/raised-stub-head.ts). Generated stacked-parts family (development seeds 161-240): a
   * part's caption read as its stub head, undisputed. */
  raisedStubHeadDoubt: true as boolean,
  /** ...and so does a stub whose body cells each end in a plain number, the numbers' right edges in
   * line within this many ems (right-aligned text lines up to its rounding, under 0.1 em) while the
   * labels before them end over more than stubValuesLabelSpreadEm (labels of different lengths), on
   * at least stubValuesMinRows rows: a value column read into the stub, no gutter found beside the
   * longest label (tables/mixed-cells.ts stubHoldsValues). Generated vertical-header family
   * (development seeds 21-80): 22 wrong relations, every label joined to its first value,
   * undisputed. 0 switches it off. */
  stubValuesAlignEm: 0.15 as number,
  stubValuesLabelSpreadEm: 1 as number,
  stubValuesMinRows: 3,
  /** Share of a table's multi-chunk lines allowed to cross a column gutter (spanning headers,
   * titles). */
  columnCrossingShare: 0.15,
  /** In a table of two lines of cells, a band neither line enters is a gutter, even where the text
   * on each side is one line deep (geometry/chunks-to-columns.ts emptyBands): a line of names with
   * a blank stub head over one row leaves the stub's text to the row alone, which the one crossing
   * line allowed made no column (generated family stacked-parts: one-row parts joined their label
   * and first value). Allowing no crossing line instead lost the gutter under two wide names set
   * close together. */
  twoLineGutters: true as boolean,
  /** Gutters the body shows that only band lines (header lines above the leaf names) close or
   * cut are restored (tables/band-gutters.ts). Generated families stub-head (a
   * band and its units line over the band's inner gutters) and standard-errors (a band over a
   * wide leaf name); raising the crossing allowance for header lines instead let narrow gaps
   * under a leaf name become gutters and sparse columns vanish. */
  restoreBandGutters: true as boolean,
  /** A units line in parentheses under a column band ("(Thousands)") joins the band's label
   * (tables/unit-lines.ts). Generated family stub-head. */
  joinUnitLines: true as boolean,
  /** A line starting within this many ems below the previous one may be its wrapped
   * continuation (ordinary leading leaves 0.2-0.4 em between lines). Also how close a column
   * name's top line stands over its next one (generated family wrapped-headers:
   * names set at 1.2 em pitch leave ~0.2-0.3 em). */
  wrapGapEm: 0.6,
  /** A wrapped label's next line starts within this many ems of its first line's left edge; an
   * indented line ("of which ...") is a row of its own. 0.5 em: flush text varies by < 0.1 em,
   * indents are >= 1 em (generated family wrapped-labels; EU/US sub-rows). */
  wrapIndentEm: 0.5,
  /** ... or, with a hanging indent, up to this many ems right of it (generated
   * family indented-stub: statistical reports indent a wrapped stub label's next line by 1-2 em,
   * the generator by 0.8-1.5 em; stub levels step by 1-2 em too, so an indented line only carries
   * on a label that had no room for its first word, see wrapSpaceEm). */
  wrapHangingIndentEm: 2.5,
  /** A label's line had no room for the next line's first word when its right edge plus a word
   * space of this many ems plus that word passes the stub column's right edge (a word space is
   * 0.25 em in Times, 0.28 in Helvetica, 0.32 in DejaVu Sans: the smallest, so a wrap is never
   * missed for want of space; a section head such as "Male:" has room to spare). */
  wrapSpaceEm: 0.25,
  /** Switches for the rules of the generated families indented-stub and panel-spanners, one
   * each so every rule can be measured alone: together they left EU unchanged but lowered US odd
   * (the unseen set; docs/measurements, "Indented stubs and panel spanners"). Hanging-indent
   * wraps (tables/: wrapsLabel, hangsUnder): OFF. Measured alone on US odd without OCR
   * (aggregate figures only) it was the one of the three that lowered the set's complete F1
   * (0.980 -> 0.978); wrappedRunReach and
   * bodySpanners alone left it at 0.980. An indented line under a label that had no room for it
   * is a continuation in the generated family and, as often, a child row in real reports ("Total,
   * 16 years and over" / "16 to 19 years"); geometry cannot tell them apart, so the default keeps
   * every indented line a row of its own (main's behaviour) and indented-stub's hanging-wrap
   * variants stay short by default. The last, dropSpacedLeaders, is off too. */
  hangingWraps: false as boolean,
  /** ...except where the values settle it (tables/stub-wraps.ts): the indented line and the label
   * above it carry values on one line only (a child row and its parent each carry their own) and
   * the indented line heads nothing and has no sibling (the next line starts left of it): then it
   * is the label's wrap, with hangingWraps on or off. Generated family indented-stub, development
   * seeds 21-80, all twelve variants: 1571 wrong relations in undisputed tables came from such
   * lines (values on the wrapped label's last line; or on its first, the next line starting with
   * a number, "under" / "18 years"), 953 more in tables disputed where detection ended or cut
   * the table at such a wrap (so detection reads it too: detect-tables.ts); 8 stay, where a word
   * width estimated inside one text run leaves room that was not there. A switch, so the rule
   * can be measured alone. */
  stubWrapsByValues: true as boolean,
  /** A run of lines reaches a wrapped label's third and later lines (detect-tables: the carried
   * count restarts when the run reaches a line). */
  wrappedRunReach: true,
  /** A lower-case line flush under an inner cell of a table's row carries on that cell's wrapped
   * text and keeps the table going, with the row's values when it had none yet (values on the
   * description's last line) (tables/inner-wraps.ts). Generated family
   * text-columns: a description wrapped under the LAST row was cut off the table, and values on
   * a description's last line made a row of their own (F1 0.83-0.84 on seeds 13, 7 and 99). */
  innerCellWraps: true as boolean,
  /** Rotated runs standing side by side above a table's first line of cells are its column names
   * (tables/rotated-names.ts), not side labels. Generated family vertical-header. */
  rotatedColumnNames: true as boolean,
  /** ... when each ends (its bottom) at most this many ems above that line: names stand on the
   * header's bottom line, a rule and ~0.4 em padding above the first row (vertical-header draws
   * 0.4-1 em; 2.5 leaves room for a thicker rule and looser padding). */
  rotatedNameGapEm: 2.5,
  /** ... and not more than this many ems below its top (glyph boxes of the two may touch). */
  rotatedNameOverlapEm: 0.3,
  /** Lone labels across the whole body are spanner rows in column 0 (build-table isSpanner). */
  bodySpanners: true,
  /** Leaders set with spaces (". . . .") dropped from the text layer (readers/typewriter-rules.ts).
   * Off: whether leaders are cell text is a ground-truth convention the EU set cannot check (it
   * has no leaders), the ICDAR ground truth's content is the text inside a cell, and the one run
   * on US odd with this on (with the other three) lost 0.010 F1; main keeps them, so does this. */
  dropSpacedLeaders: false,
  /** Two chunks of at least this many words each are two prose columns, not table cells
   * (table cells rarely hold sentences; prose lines in a column hold 6-12 words). */
  proseChunkWords: 6,
  /** A layout "table" whose cells mostly hold this many words or more, with few numbers, is
   * prose set in narrow columns (newsletter columns hold 4-7 words a line). */
  proseCellWords: 4,
  /** A table region ends at a vertical gap above this many ems (blank row spacing is ~1.5 em;
   * a paragraph break around a table is larger). */
  regionGapEm: 2.2,
  /** A region may carry this many consecutive one-chunk lines (a section label, a wrapped cell). */
  maxNonTabularRun: 2,
  /** A horizontal rule between two lines of a run that spans this share of their width takes a
   * line of its own: the gaps on each side of it are measured apart against regionGapEm
   * (tables/rule-bridges.ts). Header rules span the table's width; 0.8 leaves room for typed rules
   * that stop short of a right-aligned last column (generated stacked-typed-tables family). */
  ruleBridgeSpanShare: 0.8,
  /** A table needs at least this many multi-chunk lines (header + two rows); fewer is a
   * running header/footer or a label/value pair. */
  minTableLines: 3,
  /** Stacked table parts separated by at most this many ems and only section labels are one
   * table (a label with a blank line above and below spans ~4 em). */
  sectionGapEm: 5,
  /** ... or, with label lines between, one row pitch per label line plus this many pitches of
   * blank (tables/section-breaks.ts): the old rule's "a label with a blank line above and below"
   * in the table's own spacing, which at a loose pitch (2 em a line) and a group heading with a
   * subheading under it needs ~8 em (generated indented-groups family). */
  sectionBlankPitches: 2,
  /** A group heading inside a table may start up to this many ems left of the rows under it
   * (its members are indented): typeset indents are 1-3 em, the generated indented-groups family
   * draws up to 33 pt at 7 pt type (4.7 em); a note in the margin stands further out. */
  groupHeadingOutdentEm: 6,
  /** A label alone on its line between a table's rows, one chunk starting in the stub and running
   * past the table's right edge (a long group label over narrow value columns), is a row of the
   * table whole (tables/overrunning-labels.ts): the region was the box of the tabular lines, so
   * the label's last words fell outside it and came out as prose (generated family
   * row-group-headers, development seeds 21-80, all twelve variants: 25 draws, 96 wrong relations
   * in undisputed tables, "...persons aged" without "65"). No threshold: a switch, so the rule can
   * be measured alone. */
  overrunningGroupLabels: true as boolean,
  /** Two tables side by side (tables/split-side-by-side.ts): the seam's gutter is at least this
   * many times the table's median gutter. Typeset tables keep their column gutters even (1-2 em);
   * a gutter between two tables is 2.5-4.5 of them in the generated side-by-side family. */
  sideBySideGutterRatio: 1.8,
  /** ... and the column after the seam holds text labels, the one before it numbers, in at least
   * this share of their body cells (a total or a note may break the pattern once in a while). */
  sideBySideColumnShare: 0.8,
  /** A short label centred over a table's value columns at most this many ems above its first
   * line is the header's top band (tables/detect-tables.ts isSpanningLabelAbove): header lines
   * sit 0.2-0.6 em apart; a title above a table leaves a blank line (>= 1 em). */
  bandLabelGapEm: 0.9,
  /** A short line over two column names or more (a band over some columns, tables/band-above.ts)
   * stands at most this many of the table's row pitches above the names, top to top: header
   * lines are set at the body's pitch or tighter; 1.25 leaves room for a rule drawn under the band
   * (generated band-subset family); a title keeps a blank line (2 pitches or more). */
  bandAbovePitches: 1.25,
  /** A section label inside a table is short ("Male", "All persons"); longer lines are titles. */
  maxSectionLabelWords: 4,

  // --- thresholds of tables/ and figures/ moved out of the code ------------
  // Values unchanged from the inline literals they replace (the eval figures are the same); the
  // comment says what each was chosen against.
  // tables/build-table.ts
  /** Rotated words belong to one side label when their left edges are within this many ems
   * (one label is one rotated line; the next label starts a line height away). */
  sideLabelAlignEm: 0.5,
  /** ... and when they come within this many ems of each other along the label (a word space
   * of a rotated line is < 0.5 em; two labels of neighbouring row groups are further apart). */
  sideLabelReachEm: 1,
  /** A side label names a row when it covers more than this share of the row's height (half:
   * the row it mostly stands beside). */
  sideLabelRowOverlap: 0.5,
  /** A lone label is centred over the value columns when its centre is within this share of
   * their width from their middle (typeset centring is exact up to the label's own rounding; 15%
   * leaves room for value columns of unequal width). */
  centredLabelTolerance: 0.15,
  /** A rule under a header label (booktabs' cmidrule) may start/end this share of the label's
   * width inside it (rules are trimmed short of the gutters; labels are centred over them)... */
  bandRuleOverhang: 0.25,
  /** ... and covers less than this share of the table's width (a full-width rule under the
   * header is the header's rule, not a band's). */
  bandRuleMaxTableShare: 0.9,
  /** Points of slack when testing whether a word gap falls in a column gutter (rounding of the
   * glyph boxes). */
  gutterTolerance: 0.5,
  /** A header label sits off its column's centre when it is further from it than this share of
   * the distance to the neighbouring column's centre (a quarter: an EU document's years centred over
   * column pairs sit half way). */
  offCentreShare: 0.25,
  /** At most this many top rows of band labels: a guard, so that a run of sparse rows (a column
   * of section labels) is not all taken for bands. */
  maxTopBandRows: 3,
  /** A band row fills fewer than this share of the columns (a leaf header row fills most). */
  bandRowMaxFilledShare: 0.5,
  // tables/detect-tables.ts
  /** A filled rectangle lying more than this share inside a grid drawn with lines is that cell's
   * highlight, not a background adding columns. */
  backgroundInGridShare: 0.5,
  /** A grid lying more than this share inside an accepted table is nested in it (read as part of
   * the outer table). */
  nestedGridOverlap: 0.8,
  /** pdf-grid and pdf-layout agree a table is there when either's box lies more than this share
   * in the other's (a layout region often leaves out a ruled table's empty margins). */
  layoutAgreementOverlap: 0.3,
  /** A shading-only grid lying more than this share in a text-layout region is part of that
   * region's table (isShadingFragment). */
  fragmentInRegionShare: 0.8,
  /** A table has at least this share of rows filled in two or more columns (a boxed list or
   * paragraph has one column filled). */
  tableLikeRowShare: 0.4,
  /** Prose set in columns: at least this share of cells are wordy (proseCellWords or more)... */
  proseLikeWordyShare: 0.5,
  /** ... fewer than this share are numbers ... */
  proseLikeNumericShare: 0.2,
  /** ... and at least this share start in lower case (a sentence running on). */
  proseLikeContinuingShare: 0.3,
  /** A chunk of proseChunkWords or more words is running text when this share of them are plain
   * words (table cells of many words carry numbers and codes). */
  proseChunkAlphabeticShare: 0.6,
  /** Stacked table parts are one table only when the narrower spans this share of the other
   * horizontally (the same columns). */
  stackedOverlapShare: 0.8,
  /** A line of names under rows of values heads a stacked block of its own (tables/stacked-blocks.ts)
   * when it names at least this share of the value columns (and two): as pdf-stream's
   * streamRestartNamedShare, a header line names every column or nearly so, a text row of the
   * body (a note, a section label) stands in the stub or one column. */
  stackedNamesShare: 0.5,
  /** ...and has at least this many rows of values above it (counted from the table's first row,
   * header included: a row of values over a line of names is read as the header's top line, the
   * way a row of column numbers is): one. A part of one row under its own line of names is a table
   * (generated family stacked-parts: 13 of 40 development draws read exact at two, 34 at one); a
   * part of one line does not read as a table on its own, so a header's numbered top line stays
   * with its header (stackedBlocks keeps the whole). */
  stackedMinValueRows: 1,
  /** ...and at least this many below it: one. A line of names and one row of values is a table
   * (ICDAR's ground truth keeps such two-line tables: EU holds five with two rows), and a block
   * of one row under a table (a memorandum item, a total of its own) is one (generated family
   * block-under-table). */
  stackedMinValueRowsBelow: 1,
  /** Stacked parts whose lines of names stand over the same columns (detect-tables.ts namesAlign)
   * may be this far apart and still be parts of one layout (a block of one row kept over or under
   * its neighbour): two blank lines and a caption line at a loose pitch (2 em a line) take ~6-8
   * em; sectionGapEm holds where the names do not line up. Judged, not fitted: the generated
   * family stacked-parts draws gaps up to ~5.5 em. */
  stackedAlignedGapEm: 8,
  /** A run of two lines under a table, each holding values one for one under the values of the
   * table's last line, joins the table without a section label between (detect-tables.ts
   * valuesContinueColumns): a last group of rows set apart by white space or a ruled box
   * (generated family ruled-group-boxes: 2 of 40 development draws lost their last group). */
  alignedTailGroups: true as boolean,
  /** Structure only: a ground-truth region is read as the ruled grid in it when more than this
   * share of the region lies in the grid (else by text layout). */
  regionGridOverlap: 0.6,
  // figures/figure-regions.ts and figures/captioned-charts.ts
  /** An image or drawing lying more than this share in a table is part of the table. */
  figureTableOverlap: 0.5,
  /** An image is a figure only when at least this share of it is on the page (clipped art off
   * the page edge is not). */
  figureOnPageShare: 0.5,
  /** Two images lying more than this share in one another are one figure (the same picture
   * placed twice, or a picture and a frame image around it). */
  figureDuplicateOverlap: 0.9,
  /** A drawing cluster lying more than this share in an image figure is part of it (a frame or
   * callouts drawn over a picture). */
  drawingOnImageShare: 0.5,
  /** Images at least this share of the page wide ... */
  backdropImageWidthShare: 0.95,
  /** ... that together cover this share of the page are a backdrop or a scan, not figures. */
  backdropPageCoverShare: 0.9,
  /** A lone drawn piece is a picture (a chart series) when at least this many times minFigureSide
   * wide (a lone rule or box is decoration). */
  loneDrawingWidthFactor: 2,
  /** A prose block lying more than this share in a figure caption's line box is part of it. */
  captionBlockOverlap: 0.5,
  /** Between a "Figure N" caption and a chart only single-line labels may sit: at most this many
   * line heights tall. */
  chartLabelMaxLineHeights: 1.6,
  // scan/unread-tables.ts (realistic scans)
  /** A scanned table of which fewer than this share of non-empty cells both OCR families read
   * alike is a chart's ink, not a table, and is dropped. Measured on the EU realistic scans
   * (95 tables): the 10 tables under 0.05 all lie outside the ground truth's tables
   * (charts of five EU documents; one chart page alone 89 cells); the lowest
   * real tables are at 0.10 and 0.13 (an EU document's shaded tables), so 0.05 keeps a margin. */
  scannedTableMinAgreement: 0.05,
  /** ...counted only in tables of at least this many non-empty cells (smaller ones say too little). */
  scannedTableMinCells: 4,
  // scan/empty-slots.ts (realistic scans: empty cells ocr-1 may have missed a mark in)
  /** An empty slot's crop reaches this many row heights above and below its row's words (at most
   * half the gap to the next row): what PaddleOCR's detector leaves around a line, as the
   * cascade's line crops (ocr/settings.ts OCR_SETTINGS.cascade.linePad). */
  scanSlotVerticalPad: 0.35,
  /** ...and left and right of its column's extent up to half the gap to the next column's cells
   * (never a neighbour's glyph), at most this many row heights: a mark centred under a wide
   * column name whose short values are right-aligned stands left of them (generated in
   * scan/empty-slots.test.ts: the mark's centre is in the slot in every draw). */
  scanSlotHorizontalPad: 3,
  /** ...and, at the table's outer columns where no neighbour bounds it, this many (linePad). */
  scanSlotOuterPad: 0.6,
  // scan/unread-marks.ts (a mark in an empty cell neither OCR family read)
  /** A pixel is ink when this many grey levels darker than the slot's middle (its paper or tint):
   * the prepared page is levelled to white paper and black toner (scan/prepare-scan.ts), so a
   * glyph's core is ~200 levels below the paper, a grey tint ~50. */
  unreadMarkInkContrast: 100,
  /** Pixels within this many points of a ruling found in the image, or of the slot's edge, are
   * not looked at: a ruling is 0.5-1.5 pt wide and may run along the slot's edge. */
  unreadMarkMarginPt: 1.5,
  /** A mark is at least this much ink, in square points: a full stop of 8 pt type is ~0.2 pt², a
   * colon two dots of ~0.3, a dash ~1. 0.4: a colon or a dash, not a full stop (scan/unread-marks.test.ts). */
  unreadMarkMinInkPt2: 0.4,
  /** ...counted in blots of at least this many square points (3 pixels at 300 dpi): a speck of dust
   * or noise is a pixel or two. */
  unreadMarkMinBlotPt2: 0.15,
  // scan/unread-ink.ts (a mark beside a verified cell's words that both OCR families missed)
  /** The cell's line is looked at this many line heights left and right of its words: the reach
   * of the second family's line crop (ocr/settings.ts OCR_SETTINGS.cascade.linePad.horizontal),
   * where a mark it missed too would stand. */
  unreadInkBesidePad: 0.6,
  /** Pixels within this many points of any word box are the word's (a glyph's anti-aliased edge,
   * JPEG ringing): ~2 pixels of the 300-dpi prepared page, less than the gap between a leading
   * "." and its digit in 8-10 pt type (~0.5-1 pt). */
  unreadInkWordGapPt: 0.4,
  /** ...and this much ink (square points) outside them is a mark: about a full stop of 8 pt
   * type (~0.2 pt², unreadMarkMinInkPt2's note) less the part of it within the gap above. */
  unreadInkMinPt2: 0.15,
  // scan/column-format.ts (a decimal point or comma both OCR families read alike and wrongly)
  /** A column's common number format is judged only over at least this many numbers: with fewer,
   * one odd value is as likely the column's own variety as a misread (a rule of thumb, not tuned:
   * four is the smallest count where one value against three is a minority of a quarter). */
  columnFormatMinNumbers: 4,
  /** ...and only when one format holds at least this share of them: statistical tables print a
   * column in one format, so a column with no clear majority is mixed by design and says nothing.
   * Tuned on the EU realistic scans: a column of eight shares where both families dropped the
   * leading "0." of three ("0.4%" read "4%"), five of eight kept the format; 0.75 (three in four)
   * let all three stand verified, 0.6 doubts them. */
  columnFormatMajorityShare: 0.6,
  /** A column flags its values with footnote asterisks ("*3,337", "59.8*") when at least this many
   * of its agreed values carry one: then an asterisk one engine read as a quote, a plus or a
   * percent sign is settled for the asterisk (scan/reading-slips.ts, "asterisk-as-mark"). A rule
   * of thumb, not tuned: two agreed flags are a habit of the column, one may be a misread. */
  columnAsterisksMin: 2,
  /** A column's labels end without a point when at least this many of its agreed values are
   * labels and none ends with one: then a point one engine read after a label's last word is
   * settled for the label without it (scan/reading-slips.ts, "label-trailing-point"). Three, as
   * for letter case's line of labels (`scanLetterCase.minLabels`): a rule of thumb, not tuned. */
  columnLabelsMin: 3,
  // scan/reading-slips.ts (two OCR readings of one value, one engine slipped on a glyph)
  /** The slips a disputed scanned cell is settled by (`resolved`, the kept reading, both readings
   * kept), each only where its column backs the kept reading (the two settings above say when a
   * column has a common format). Classes of the queue's right cell items on the EU realistic
   * scans (both engines; docs/measurements, the third queue round), by
   * this module's own classifier, against every wrong cell of the set (148): a thousands group
   * read with and without its space, 34 right and 0 wrong (the generated realistic scans: 96 and
   * 0); a decimal point or thousands comma one engine lost, or a point read for a comma, 107 and
   * 0 (generated: 67 and 1, several values run together, which no column backs); a number read
   * as look-alike letters ("0" as "o"), 18 and 0. With the rule the queue's wrong cell items
   * stay 88 of 88. Left out, by a script's sorting of the same cells: case alone (4 right, 1
   * wrong: the ground truth spelt "italy" where one engine read "Italy"; generated: "item" and
   * "Item" wrong 3 times), accents alone (6 right; nothing else checks an accent), words only one
   * engine read (27 right, 0 wrong, but a value one engine missed looks the same: nothing else
   * would catch it).
   * Added in the fourth queue round (both engines; docs/measurements, the fourth queue round), by the disputed scanned cells of each kind and whether the value the vote
   * shows was right:
   *   "extra-words" (one reading is the other plus whole words or noise glyphs only it saw; the
   *   shorter kept): EU realistic scans 34 right, 0 wrong; generated seed 13 none; generated seed
   *   14 (drawn after the rule, as a check) 1 right, 1 wrong, a value with its marker ("41.3 e"
   *   read "41.3"), which the rule now leaves disputed (a number with a short word beside it).
   *   "separator-no-format" (a dropped separator where neither the column nor the row has a
   *   format; counted over every dropped separator the column did not back): EU realistic scans
   *   28 right, 0 wrong (mostly one table of counts and shares with no cell both engines agreed
   *   on); seed 13 16 right, 1 wrong; seed 14 23 right, 2 wrong, the three
   *   wrong ones several values run together ("731% 22.3%"), which the rule leaves out (both
   *   readings must be plain numbers).
   * Not added, below 98% right as delivered: a letter dropped by one engine (EU 25 right, 4
   *   wrong), a number one engine read doubled or in part (17, 2), punctuation only (20, 5), a
   *   nil mark against another reading (36, 7), one engine seeing nothing (34, 9).
   * Added in the signs round (docs/measurements, the signs round): "lost-sign" (a leading sign one
   *   engine lost, or a plus read "4"; the signed reading kept where the column prints signs, a
   *   plus among them): seed 13 2 cells resolved, seed 14 1, EU, US odd and seed 90001 none, no
   *   wrong cell resolved on any of the five; the family test draws it in every signed style.
   * Added in the number-facts round (docs/measurements, the scan slips note), cell items that
   *   left the queue, all right as delivered, no wrong cell settled on any set: "trailing-point" (a
   *   point after the last digit of a number with decimals one engine read) seed 13 (3 variants) 4,
   *   EU, seed 14, seed 90001 and US odd none; drawn first for any number, it turned one wrong cell
   *   of seed 90001 from disputed to unverified ("7" / "7." for "7,718"), hence the decimals (a
   *   grouped "16,217" has none). "table-grouping" (a point read for a thousands comma, the table's
   *   agreed numbers grouping with commas, where column and row have no format) seed 13 10, seed
   *   14 14, US odd 1, EU and seed 90001 none.
   * Added with letter case (docs/measurements, the standing names and letter case note):
   *   "percent-as-digits" (a percent sign one engine read as one or two digits with a ring or a
   *   slant, or a digit read as a percent sign; the column picks the reading in its format): EU 3,
   *   seed 90001 4, US odd 1 (the digits kept), seeds 13 and 14 none; no wrong cell settled.
   * Added with intervals (docs/measurements, the intervals and marks note; the classes were
   *   found in US odd's queue, so US odd is not unseen for them): "plus-minus-as-plus" (a "±" read
   *   "+", the "±" kept where most of the column's agreed numbers print one) settled none on any
   *   set; "asterisk-as-mark" (footnote asterisks read as a quote, a plus or a percent sign, kept
   *   where the column has `columnAsterisksMin` agreed flags and prints none of those marks) US odd
   *   8 right items out of the queue and 1 wrong cell made right, EU and seeds 13, 14, 90001 none;
   *   no wrong cell settled.
   * Added with vote boxes (docs/measurements, the label points note): "label-trailing-point"
   *   (a point after a label's last word one engine read, a leader's first dot or a speck; the
   *   label without it kept where the column's agreed labels end without one, never after a word
   *   of four letters or fewer or one with a point inside, an abbreviation's own point).
   * Added with lone junk (docs/measurements, the lone-junk note): "label-comma-as-point" (a
   *   comma between a label's words one engine read as a point; the comma kept in a column of
   *   labels, where the point follows a word of five letters or more and comes before a small
   *   letter). */
  scanReadingSlips: [
    "digit-space",
    "dropped-separator",
    "swapped-separator",
    "lookalike-in-number",
    "lost-sign",
    "trailing-point",
    "extra-words",
    "separator-no-format",
    "table-grouping",
    "percent-as-digits",
    "plus-minus-as-plus",
    "asterisk-as-mark",
    "label-trailing-point",
    "label-comma-as-point",
  ] as readonly string[],
  // scan/letter-case.ts (two OCR readings of one value that differ in letter case alone)
  /** Whether such a disputed cell is resolved with the reading the table backs: a word both engines
   * read alike elsewhere in the table in one case only, or, for the cell's first letter, the case
   * its line's labels start in. Left out of the reading slips before for want of a side to keep
   * (case alone on the EU realistic scans: 4 right, 1 wrong as delivered); the table names the
   * side. `minLabels` and `majorityShare`: how many labels both engines read alike the line needs,
   * and the share of them starting in one case, set before measuring (three labels, four in five:
   * a stricter share than the number formats', as a column's labels are capitalised alike far
   * more often than its numbers share a format). Measured on realistic scans
   * (docs/measurements, the standing names and letter case note), no wrong cell resolved on
   * any set: cells made right that were wrong as delivered seed 13 (3 variants) 2, seed 14 5, seed
   * 90001 2; right cells out of the queue seed 13 1, EU 2; US odd none. */
  scanLetterCase: { enabled: true, minLabels: 3, majorityShare: 0.8 },
  // scan/tie-break.ts (a third reading of a scanned cell the two engines read differently)
  /** Whether such a cell is read a third time, by Tesseract's legacy classifier, and resolved
   * where that reading agrees with exactly one of the two (differences of marks, case or accents
   * alone excepted: the rule was shaped on the EU realistic scans and generated seed 13, where
   * every wrong resolution was one). Measured on realistic scans (docs/measurements, the tie-break
   * round): EU 37 cells resolved, 0 wrong; seed 13 15, 0; seed 14 (check) 17, 0; US odd 39, 0;
   * seed 90001 13, 2. */
  scanTieBreak: true as boolean,
  /** A difference of marks bars that tie-break unless one of the two readings is no reading of
   * the value at all: the two have fewer letters and digits in common (in order, case and accents
   * aside) than `commonShare` of the longer one's, and each holds at least `minGlyphs` of them. A
   * page reading that failed on a cell writes glyph junk whose marks have nothing to do with the
   * value's (a reversed heading "Imported(%)" read "TT CL RE"), so its marks say nothing about
   * the other reading's, and the cell kept both in the queue however plainly the classifier read
   * the crop. A slip of one or two glyphs keeps well over half of a reading of three or more;
   * below three glyphs one slip is a third of the value, and a slip and junk cannot be told
   * apart. Rules, not tuned (half; three glyphs); null: marks always bar. Measured in
   * docs/measurements (the mid-grey headings note). */
  scanTieBreakFailedReading: { commonShare: 0.5, minGlyphs: 3 } as FailedReadingSettings | null,
  // scan/lone-readings.ts (the same third reading for a scanned cell only one engine read)
  /** Whether such a cell is read by the legacy classifier too: resolved where it reads the same,
   * disputed where it reads something else. Shaped on EU realistic scans and seed 13 (turned
   * headings left out) and seed 14 (numbers off their column's format held); measured
   * (docs/measurements, the lone-readings round): queue cell items right as delivered seed 13
   * 58.1% -> 53.8%, EU 63.2% -> 60.5%, seed 90001 53.0% -> 45.0%, US odd 58.6% -> 59.2%, no wrong
   * cell resolved, verified figures unchanged. */
  scanLoneReadings: true as boolean,
  /** Whether a lone number stays as it was (one engine's `unverified` reading) where the legacy
   * classifier reads no value at all in its crop (no digit, and neither a nil mark, a placeholder,
   * nor a plain word or flag: glyph junk such as "ﬂ"), instead of being disputed by it. A switch,
   * not a tuned value; measured in docs/measurements (the lone-junk note). */
  scanLoneNoValueReadings: true as boolean,
  // scan/column-sums.ts (the reading of a disputed number that makes a total add up)
  /** A total counts only when it has at least this many digits: a one-digit total is the sum of
   * two or more small counts by chance too often (in a column of counts 0-9, "5" next to "2" and
   * "3"). A rule of thumb, not tuned; the switches it allows are counted in docs/measurements. */
  scanSumMinTotalDigits: 2,
} as const;

export type Settings = typeof SETTINGS;

/** When one of a scanned cell's two readings failed outright (SETTINGS.scanTieBreakFailedReading). */
export interface FailedReadingSettings {
  commonShare: number;
  minGlyphs: number;
}
