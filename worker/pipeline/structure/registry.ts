// The structure readers, in the order their readings are listed. Adding a reader is one module in
// this folder and one line here. runPipeline's `structureReaders` (and structure-report's
// --readers) switch readers off by name, to measure and evaluate each alone.
import type { StructureContext, StructureReader, StructureReading, StructureSource } from "./types";
import { pdfGridReader } from "./pdf-grid";
import { pdfLayoutReader } from "./pdf-layout";
import { pdfLayoutAltReader } from "./pdf-layout-alt";
import { pdfStreamReader } from "./pdf-stream";
import { pdfTagsReader } from "./pdf-tags";
import { ocrLinesReader } from "./ocr-lines";
import { ocrLayoutReader } from "./ocr-layout";
import { pdfModelReader } from "./pdf-model/reader";
import { pageInkReader } from "./page-ink";
import { inkGridReader } from "./ink-grid";
import type { StageTimer } from "../stage-timer";
import { independenceGroups } from "./independence";
import type { StructureInput } from "./types";

export const STRUCTURE_READERS: readonly StructureReader[] = [
  pdfGridReader,
  pdfLayoutReader,
  pdfLayoutAltReader,
  pdfStreamReader,
  pdfTagsReader,
  ocrLinesReader,
  ocrLayoutReader,
  pdfModelReader,
  pageInkReader,
  inkGridReader,
];

/** Each registered reader's independence group (readers sharing an input are one group). */
export const READER_GROUPS: ReadonlyMap<string, string> = independenceGroups(STRUCTURE_READERS);

/** A registered reader's declared inputs (undefined for a name not in the registry). */
export function readerInputs(name: string): readonly StructureInput[] | undefined {
  return STRUCTURE_READERS.find((r) => r.name === name)?.inputs;
}

export interface ReadStructureOptions {
  /** Reader names to run (default: all); a way to measure and evaluate readers alone. */
  enabled?: readonly StructureSource[];
  /** Times each reader as stage "structure:<name>". */
  timer?: StageTimer;
  onError?: (reader: StructureSource, error: Error) => void;
  /** The readers to choose from (default: the registry). */
  readers?: readonly StructureReader[];
}

/** Every enabled reader's reading of the page (readers with no opinion left out). A reader that
 * throws is left out too, and reported to `onError`: a structure reading failing costs the cells
 * its support, never the page. */
export async function readStructure(context: StructureContext, options: ReadStructureOptions = {}): Promise<StructureReading[]> {
  const pool = options.readers ?? STRUCTURE_READERS;
  const enabled = options.enabled ?? pool.map((r) => r.name);
  const readings: StructureReading[] = [];
  for (const reader of pool) {
    if (!enabled.includes(reader.name)) continue;
    try {
      const read = async () => reader.read(context);
      const reading = options.timer ? await options.timer.runAsync(`structure:${reader.name}`, read) : await read();
      if (reading) readings.push(reading);
    } catch (error) {
      options.onError?.(reader.name, error as Error);
    }
  }
  return readings;
}

export type { StructureContext, StructureReader, StructureReading, StructureSource } from "./types";
