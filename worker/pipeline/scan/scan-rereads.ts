// A scan's first reading, read again in crops by the same engine where it is known to fail, in
// order: ink it left unread (unread-blocks.ts), words a vertical ruling runs through
// (ruled-words.ts), lines standing on end (standing-lines.ts), and small raised footnote marks
// read as punctuation (raised-marks.ts). Each step finds its crops on the
// prepared page and reads them (`read`, the costly part, cached by the caller under `version`),
// then puts what they read into the page's words (`apply`, cheap and pure, run on cached readings
// too). OcrEngines runs them with its cache (ocr/read-page-ocr.ts); the stage bench runs the same
// steps without it (cli/bench/page-stages.ts).
import type { BBox } from "../../../lib/result/schema";
import type { PageRender } from "../render/render-page";
import type { Word } from "../ocr/types";
import { boxToFrame } from "../geometry/page-orientation";
import { readingToPage, renderToFrame } from "../ocr/reading-frame";
import { renderToRulings } from "./raster-rulings";
import { isDroppedBlock, unreadInkPieces, wordsFromPieces, wordsOfDroppedBlocks } from "./unread-blocks";
import { crossedFromPieces, withRuledWordsRead, wordsCrossedByRulings } from "./ruled-words";
import { lineHeightOf, pieceStacks, standingLineCrops, withStandingLines } from "./standing-lines";
import { marksOfCrops, mayHaveRaisedMarks, raisedMarkCrops, withRaisedMarksRead } from "./raised-marks";

/** Reads crops (points) of a render; throws when the engine fails. */
export type CropReader = (render: PageRender, crops: readonly BBox[]) => Promise<Word[]>;

/** What a step's crops read: the words (on the prepared page) and the crops. */
export interface CropsRead {
  words: Word[];
  crops: BBox[];
}

export interface ScanReread {
  /** Keys the cache of its readings (with the page's quarter turns): bump when `read` changes. */
  version: string;
  /** False when the words show there is nothing to read (no render needed); absent: always look. */
  worthLooking?: (words: readonly Word[]) => boolean;
  read(render: PageRender, words: readonly Word[], readCrops: CropReader): Promise<CropsRead>;
  apply(words: readonly Word[], read: CropsRead): Word[];
}

/** Ink the reading left unread, read as crops; whole blocks it dropped join the words. */
export const UNREAD_PIECES: ScanReread = {
  version: "unread-pieces-4",
  async read(render, words, readCrops) {
    const crops = unreadInkPieces(render, words);
    return { crops, words: crops.length === 0 ? [] : await readCrops(render, crops) };
  },
  apply(words, read) {
    const found = wordsFromPieces(read.words, words);
    const added = isDroppedBlock(found.length, words.length) ? found : wordsOfDroppedBlocks(found);
    return added.length === 0 ? [...words] : [...words, ...added];
  },
};

/** Words a vertical ruling runs through, read again in their pieces between the rulings. */
export const RULED_WORDS: ScanReread = {
  version: "ruled-words-1",
  async read(render, words, readCrops) {
    const crops = wordsCrossedByRulings(words, renderToRulings(render)).flatMap((word) => word.pieces);
    return { crops, words: crops.length === 0 ? [] : await readCrops(render, crops) };
  },
  apply(words, read) {
    return read.crops.length === 0 ? [...words] : withRuledWordsRead(words, crossedFromPieces(words, read.crops), read.words);
  },
};

/** Lines standing on end, read again turned a quarter turn either way; each word read keeps the
 * direction it was read in. */
export const STANDING_LINES: ScanReread = {
  version: "standing-5",
  worthLooking: (words) => pieceStacks(words, lineHeightOf(words)).length > 0,
  async read(render, words, readCrops) {
    const crops = standingLineCrops(words, render, renderToRulings(render));
    const sizePt: [number, number] = [render.widthPt, render.heightPt];
    const read: Word[] = [];
    if (crops.length > 0) {
      for (const dir of [270, 90] as const) {
        const found = await readCrops(
          renderToFrame(render, dir),
          crops.map((box) => boxToFrame(box, dir, sizePt)),
        );
        const onPage = readingToPage(
          { words: found, nonTextRegions: [], dpi: render.dpi, seconds: 0, fromCache: false },
          dir,
          sizePt,
        ).words;
        read.push(...onPage.map((word) => ({ ...word, dir })));
      }
    }
    return { crops, words: read };
  },
  apply(words, read) {
    return read.crops.length === 0 ? [...words] : withStandingLines(words, read.crops, read.words);
  },
};

/** Footnote marks set small and raised after a word, which the page's reading took for a quote,
 * a degree sign or a registered mark, read again alone. */
export const RAISED_MARKS: ScanReread = {
  version: "raised-marks-3",
  worthLooking: mayHaveRaisedMarks,
  async read(render, words, readCrops) {
    const crops = raisedMarkCrops(words, render).map((mark) => mark.crop);
    return { crops, words: crops.length === 0 ? [] : await readCrops(render, crops) };
  },
  apply(words, read) {
    // The marks are found again on the words (cheap, pure): the crops are theirs, in order.
    return read.crops.length === 0 ? [...words] : withRaisedMarksRead(words, marksOfCrops(words, read.crops), read.words);
  },
};

/** The steps, in the order they run: the ruled words' pieces are cut from words the unread ink
 * may have added, the standing lines are found among the words the other two left, and the marks
 * are looked for on every word the page ends with. */
export const SCAN_REREADS: readonly ScanReread[] = [UNREAD_PIECES, RULED_WORDS, STANDING_LINES, RAISED_MARKS];
