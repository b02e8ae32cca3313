// Tuning values of the reconciler. They change confidence, not OCR output, so
// they are not part of the OCR cache key.
export const RECONCILE_SETTINGS = {
  /** A word belongs to a cell when at least this share of its box lies inside the cell box. More
   * than half, so a word straddling a border goes to one cell only. */
  wordInBoxShare: 0.5,
  /** A word whose centre lies within this distance of a cell box belongs to it: Tesseract and
   * PaddleOCR boxes are 1-2 pt taller than the glyphs (PaddleOCR's unclip padding). */
  boxMarginPt: 1.5,
  /** Two pieces on one line are separate words when the gap between them exceeds this many line
   * heights (a word space in Helvetica is ~0.28 em, glyph-run splits inside a word have ~0 gap). */
  spaceGapLineHeights: 0.15,
  /** A disputed cell without a text layer shows the first OCR reading (VALUE_PRIORITY, vote.ts)
   * unless its engine was unsure of it, the least confident of its words in the cell below this,
   * while another reading's engine was sure of all its words there (at least `ocrSureFrom`).
   * Only which reading is shown changes: the cell stays disputed with both. Tuned on the EU
   * realistic scans (280 disputed cells with two readings and both confidences, 175
   * with Tesseract's reading right, 46 PaddleOCR's): 0.7 and 0.9 show PaddleOCR's in 36 cells,
   * 28 of them right, 2 where Tesseract's was; 0.8 and 0.8 moved 32 right and 13 away. Checked on
   * the generated realistic scans (327 such cells): 60 moves, 38 to the right reading, none away. */
  ocrUnsureBelow: 0.7,
  ocrSureFrom: 0.9,
  /** Prose: a block is verified when another reading contains this share of its letters and
   * digits in order. OCR misreads a few characters in a hundred of body text, so exact equality
   * would leave long paragraphs unverified for one typo; unrelated texts share ~60%. */
  proseVerifiedShare: 0.9,
  /** Prose: another reading "says something else" at the same place when it holds at least this
   * many words there (relative to the block) and shares fewer than `proseDisputedShare` of them. */
  proseDisputedMinWords: 0.5,
  proseDisputedShare: 0.5,
  /** Figures: an OCR non-text region verifies a figure when it covers this share of the smaller of
   * the two boxes. */
  figureOverlapShare: 0.3,
  /** Structure vote (structure-vote.ts): a cell is verified only when at least this many
   * independent structure readings support its boundaries. Two: the rule (one reading is
   * no cross-check, exactly as for values). */
  minStructureSupport: 2,
  /** Whether a fragments reading's support (ocr-2-lines: no detected line cut or joined) counts
   * toward those two. It cannot see whether a block is a table at all, only that the cells do not
   * contradict the image; without it an unruled table has one structure reading (pdf-layout) and
   * no verified cell. Measured on EU with both OCR engines (npm run structure-report):
   * counted, verified covers 75.7% of relations, 99.73% right, 50% of
   * wrong relations not verified; not counted, 61.5%, 100.0% and 96.2% (US odd: 15.2% verified;
   * the generated corpus, all unruled: nothing verified). Counted, since the issue asks verified
   * to keep >= 75%; either way the lines' objections count against the cell. */
  fragmentsSupport: true,
  /** ...but not for a cell holding two or more detected lines stacked one above the other: the
   * detector sees lines, not whether two lines are one wrapped cell or two rows, so there it has
   * no opinion and text geometry's join is one reading (single: at most unverified). The
   * generated families wrapped-labels (before its fix: 46 wrong relations, all verified) and
   * indented-stub (hanging wraps: child rows and continuations look alike) show such joins
   * going wrong with both readings "agreeing". Measured: the tables-and-structure note in docs/measurements/. */
  fragmentsSupportStacked: false as boolean,
  /** Structure vote: a word belongs to a cell box when its centre lies within this many points of
   * it. Cell boxes are the tight boxes of their words (rounded to 0.01 pt), so any margin above
   * the rounding works; 0.5 stays far below half a line gap (>= 2 pt in the densest ICDAR tables),
   * so a neighbouring row's word never falls in. */
  structureWordMarginPt: 0.5,
  /** Structure vote: a full segmentation supports a cell only when it also agrees on the cell's
   * relations (its nearest non-empty neighbour to the right and below, as the metric defines
   * them; relation-support.ts), and is against it ("neighbours") when it has the cell and the
   * delivered neighbour as cells of its own but in another table or with another cell next to
   * either (a span read differently is no opinion; relation-support.ts says which). Off: support
   * by the cell's words alone, the earlier rule. The metric and the
   * trust table count relations, and the words-only rule let through cells whose words were
   * right and whose place was not. Measured, both OCR engines, warm cache: EU verified
   * 80.2% -> 79.8% of relations (5,053 -> 5,031; 99.98% right and 9 of 10 wrong not verified,
   * both unchanged: the 22 relations it takes from verified are right ones pdf-layout reads in
   * another column, now resolved); generated corpus unchanged (95.4%, 59 of 59). Counting every
   * span difference as against too cost EU 1.3 points (78.9%): its ruled tables' row labels
   * span rows, and text geometry never reads a span. */
  relationSupport: true as boolean,
  /** How many full segmentations (readings that check relations; the delivered table's own
   * reading is one) must support a cell that takes part in a relation before it can be verified;
   * fewer -> at most unverified (`single`). A fragments reading (ocr-2-lines) checks a cell's
   * boundaries, never its neighbours, so with 1 an unruled table's relations were verified by
   * text geometry alone, the one reading that made them. 2 is the rule, not a tuned value: a
   * relation is verified only when two independent segmentations put the same cells side by
   * side (pdf-grid or pdf-tags or pdf-stream beside pdf-layout). Measured with
   * pdf-stream merged, both OCR engines, warm cache: EU verified 81.2% -> 80.5% of relations,
   * generated corpus 97.1% -> 94.4%, verified relations 99.98% and 100.0% right either way
   * (before pdf-stream, 2 left EU 64.0% and the generated corpus 6.0%, so it waited for it). */
  minRelationSupport: 2 as number,
  /** Structure vote: a tables reading that reads one delivered table as two or more stacked
   * tables of its own, a later one opening with its own header line (structure/settings.ts
   * splitPartMinCells), gives none of its cells support (its objections stand). The metric
   * matches one delivered table to one true table, so the relations of the part left over are
   * wrong whatever their cells; "two stacked tables delivered as one". Generated
   * stacked-panels with the detection rule (tables/stacked-blocks.ts) off: 453 relations
   * verified, 53.9% right; with this on, see the tables-and-structure note in docs/measurements/, "Stacked blocks". */
  splitWithholdsSupport: true as boolean,
  /** Calibrated value disputes (marks-only.ts): on a cell the text layer read, a run of marks in
   * its reading (a dagger, an asterisk, a degree sign) may be read by OCR as nothing or as up to
   * this many letters (or plus signs) per mark in the run, and the OCR reading still votes with it. Two: the look-alikes seen in the
   * queue of born-digital government reports read with both OCR engines were one letter per
   * mark ("t", "i", "f" for a dagger) and two for a double dagger or a pair of marks ("tt", "ff");
   * a word's worth of letters is a different word, not a misread mark. Digits never stand in for
   * a mark, so "12*" against "127" stays disputed. */
  markLookalikeMaxLetters: 2,
  /** A text-layer word set small and raised in its cell (a footnote digit or a revision letter
   * after a label or a value) is a mark to the value vote (raised-marks.ts): OCR reads it as "?",
   * "®", "*", "'" or not at all. Small: at most `raisedMarkMaxSize` of the cell's largest type
   * (superscripts are set at 58-70% of the body size in common fonts, and at 65% in the generated
   * families; 0.8 keeps same-size text out). Raised: its foot at least `raisedMarkMinRise` of the
   * body size above the body's (a superscript's baseline shift is 0.15-0.35 em; a smaller word
   * sitting on the baseline, a unit in a smaller font, is not raised). */
  raisedMarkMaxSize: 0.8,
  raisedMarkMinRise: 0.1,
  /** ...and short: a footnote reference is a digit or two, a letter, "1/" or "a,b"; a longer
   * raised run (a superscripted word) is text a person may need to read. */
  raisedMarkMaxChars: 3,
  /** Structure vote: readings that share an input (structure/types.ts StructureInput; the
   * registry declares each reader's) count once among a cell's supporters and once among those
   * against it: pdf-layout, pdf-layout-alt and pdf-stream all read the text layer's word
   * positions inside the region detection delivered, so their agreement is one check, not three
   * (the eval's error matrix: pdf-layout and pdf-stream were wrong together on 45.7% of the
   * relations either got wrong on the seen generated families, 13.3% on EU). Off for now: on, an
   * unruled table needs a second tables reading from another input, and the one there is
   * (ocr-layout, OCR words laid out) is not good enough to be it. Measured with both OCR
   * engines, warm cache (docs/structure-trust.md): on, EU verified fell from 89.1% to 77.7% of
   * relations with precision (99.98%) and wrong-not-verified (9 of 10) unchanged; on the seen
   * generated dev set, alone, 92.3% -> 82.2% with no precision gained. */
  countSharedInputsOnce: false as boolean,
  /** Readings the cell vote leaves out: they only propose table boundaries (boundary-vote.ts).
   * ocr-layout's cells are OCR words laid out, wrong on a third of EU's relations (the error
   * matrix) where its boundaries are rarely wrong; as a cell supporter it would vouch for cells,
   * as an objector it would doubt right ones. Measured (both OCR engines, warm cache) with it
   * objecting only (objectsOnly) instead: EU verified 89.1% -> 77.7% of relations, precision and
   * catches unchanged; the seen generated dev set 86.9% -> 77.2%, no wrong relation more caught. */
  boundaryOnlyReaders: ["ocr-layout", "page-ink"] as readonly string[],
  /** The boundary vote (boundary-vote.ts): independent readings that find tables on their own
   * propose each delivered table's extent, split and column count; a table any of them disputes
   * is layout_disputed with no verified cell. */
  boundaryVote: true as boolean,
  /** Tables whose structure detection itself doubts (TableModel.structureDoubt) of these kinds have
   * their verified cells capped at resolved, in the boundary-vote stage. The flag alone did not:
   * with both OCR engines, development draws (generated seed 42, 80 documents) still delivered 23
   * wrong verified relations in tables detection had flagged; capping every kind took them to 0.
   * Tables flagged only because the rulings and the text disagree a table exists are not capped
   * (capping those took right ruled tables: EU 89.0% -> 88.7% verified, US odd 73.6% -> 70.5%).
   * The lone band's span and the header against its repeated names are flagged, not capped: on
   * the development draws capping them caught no wrong relation more (seed 42: 85 of 85 either
   * way; verified 90.6% without them, 89.8% with), and on US odd (switched off one by one, the
   * documents not read) they took 377 relations of right tables, 72.6% -> 68.1% verified. A cell
   * holding several cells' text is capped: it flags no table of EU or US odd (their results are
   * unchanged with it), and a flagged table has every relation of its merged cells wrong. Two
   * tables read as one (merge-doubt.ts) are capped as one read as two is: it flags no table of EU
   * or US odd either. Two tables under one line of names read with the names over different
   * columns (repeated-names.ts) are capped too: one of the two is read wrong. So is a stub head on
   * a line of its own above the names (raised-stub-head.ts): a caption taken in has every relation
   * of the stub's name wrong. */
  capDoubtKinds: [
    "bracket",
    "off-centre-label",
    "split",
    "merge",
    "tail-wrap",
    "mixed-cells",
    "repeated-names",
    "raised-stub-head",
  ] as readonly string[],
  boundary: {
    /** A part of a split (or the other table of a merge) holds at least this many of the table's
     * words: a stray word (a page number, a footnote mark) caught in a proposal's box is no table.
     * Four: the smallest table part that has a relation in both directions (2 x 2 cells). */
    partMinWords: 4,
    /** A delivered table's extent is disputed when more than this share of its words lie outside
     * the proposal's table, or of the proposal's words outside every delivered table. A quarter:
     * a title or a total line in or out (one line of a table of eight or more) stays under it; a
     * stacked table or a group of rows in or out does not. A rule value, checked on EU
     * (docs/structure-trust.md), not fitted. */
    extentShare: 0.25,
  },
  /** The shapes losing structure readings proposed, recorded per table for the review page
   * (table-alternatives.ts). At most this many per table: the review page picks them with the
   * number keys 1-9, and key 1 is "as shown". */
  alternativesPerTable: 8,
  /** On a scan, where the other readings' words of a cell are looked for (vote-boxes.ts): the
   * height of the cell's own words rather than its row's band. `tallWordRatio`: an own word taller
   * than this many times the page's usual word height (the median of words of three characters or
   * more) counts as a usual word's height about its middle. 1.5 is where the tall-word-boxes note
   * (docs/measurements) drew "tall" (2.7% of the EU realistic scans' words, 5-6% of the generated
   * seeds'). */
  scanVoteBoxes: { enabled: true as boolean, tallWordRatio: 1.5 },
} as const;

export type ReconcileSettings = typeof RECONCILE_SETTINGS;
