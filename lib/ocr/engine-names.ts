// The public names of the OCR engines: what a result's cell sources, OCR_ENGINES and the command
// lines' --engines say. The engines themselves (models, loaders, pool tasks, which reads first)
// are registered in worker/pipeline/ocr/engines.ts, which must have one entry per name here (the
// compiler checks it). The order is the vote's order of preference between engines.
import { CELL_SOURCES, type CellSource } from "../result/schema";

/** Each must be an OCR source of the result format (CELL_SOURCES: ocr-1, ocr-2, ocr-3). */
export const OCR_ENGINE_NAMES = ["ocr-1", "ocr-2"] as const satisfies readonly CellSource[];

export type OcrEngineName = (typeof OCR_ENGINE_NAMES)[number];

export function isOcrEngineName(name: string): name is OcrEngineName {
  return (OCR_ENGINE_NAMES as readonly string[]).includes(name);
}

/** A record with one value per engine, in registry order. */
export function perEngine<T>(value: (name: OcrEngineName) => T): Record<OcrEngineName, T> {
  return Object.fromEntries(OCR_ENGINE_NAMES.map((name) => [name, value(name)])) as Record<OcrEngineName, T>;
}

/** Every OCR source a result may name, in the vote's order: the engines in registry order, then
 * the result format's OCR sources no engine reads today. */
export const OCR_SOURCES: readonly CellSource[] = [
  ...OCR_ENGINE_NAMES,
  ...CELL_SOURCES.filter((source) => source.startsWith("ocr-") && !isOcrEngineName(source)),
];

/** Whether a cell source is an OCR reading (an engine's or one the result format reserves). */
export function isOcrSource(source: string): boolean {
  return (OCR_SOURCES as readonly string[]).includes(source);
}
