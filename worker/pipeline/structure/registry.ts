// The structure readers, in the order their readings are listed. Adding a reader is one module in
// this folder and one line here. Settings may switch readers off by name (settings.structureReaders)
// to measure each alone.
import type { StructureContext, StructureReader, StructureReading, StructureSource } from "./types";
import { pdfGridReader } from "./pdf-grid";
import { pdfLayoutReader } from "./pdf-layout";
import { pdfTagsReader } from "./pdf-tags";
import { ocrLinesReader } from "./ocr-lines";
import type { StageTimer } from "../stage-timer";

export const STRUCTURE_READERS: readonly StructureReader[] = [pdfGridReader, pdfLayoutReader, pdfTagsReader, ocrLinesReader];

/** Every enabled reader's reading of the page (readers with no opinion left out). A reader that
 * throws is left out too: a structure reading failing costs the cell its support, never the page. */
export async function readStructure(
  context: StructureContext,
  enabled: readonly StructureSource[] = STRUCTURE_READERS.map((r) => r.name),
  timer?: StageTimer,
): Promise<StructureReading[]> {
  const readings: StructureReading[] = [];
  for (const reader of STRUCTURE_READERS) {
    if (!enabled.includes(reader.name)) continue;
    try {
      const read = async () => reader.read(context);
      const reading = timer ? await timer.runAsync(`structure:${reader.name}`, read) : await read();
      if (reading) readings.push(reading);
    } catch {
      // no opinion
    }
  }
  return readings;
}

export type { StructureContext, StructureReader, StructureReading, StructureSource } from "./types";
