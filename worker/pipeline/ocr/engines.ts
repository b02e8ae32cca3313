// The OCR engine registry: one entry per engine, everything else derived from it (the engines an
// OcrEngines runs and in which order, their loaders in process and in the OCR pool, which pool
// tasks are whose, the per-engine stats and metrics). Adding an engine is a module implementing
// PageOcrEngine (engine-types.ts) plus an entry here, its public name in lib/ocr/engine-names.ts.
//
// The engines' modules (tesseract.js, onnxruntime-node and its native library) are imported only
// when a page first needs them: a process that never reads a page by OCR (`--no-ocr`, a worker
// with OCR_ENGINES=none, an idle worker) does not pay their load time or memory.
import { OCR_ENGINE_NAMES, type OcrEngineName } from "../../../lib/ocr/engine-names";
import type { EngineFactory, PageOcrEngine } from "./engine-types";
import type { OcrTaskRunner } from "./pool/protocol";

export interface OcrEngineEntry {
  /** The model behind the name (for logs and docs). */
  model: string;
  /** The engine in this process (tests, a reader without a pool). */
  load: EngineFactory;
  /** The engine with its work split into tasks of an OCR pool (pool/pooled-engines.ts). An engine
   * without one runs in process even when the others run in a pool. */
  pooled?: (pool: OcrTaskRunner) => Promise<PageOcrEngine>;
  /** Pool tasks ("paddle.detect") whose op starts with this are this engine's work (thread CPU). */
  poolOpPrefix?: string;
}

export const OCR_ENGINES: Record<OcrEngineName, OcrEngineEntry> = {
  "ocr-1": {
    model: "Tesseract LSTM (tesseract.js)",
    load: async () => (await import("./tesseract-engine")).TesseractEngine.create(),
    pooled: async (pool) => new (await import("./pool/pooled-engines")).PooledTesseract(pool),
    poolOpPrefix: "tesseract",
  },
  "ocr-2": {
    model: "PaddleOCR PP-OCRv4 (ONNX Runtime)",
    load: async () => (await import("./paddle/paddle-engine")).PaddleEngine.create(),
    pooled: async (pool) => new (await import("./pool/pooled-engines")).PooledPaddle(pool),
    poolOpPrefix: "paddle",
  },
};

/** The engine read in full on every page with a text layer: PaddleOCR (ocr-2). Its detector gives
 * line boxes of its own (a structure reading independent of the text layer) and the non-text
 * regions that verify figures; Tesseract then reads only crops. Measured on the dense bench page:
 * 4.3 CPU-s for ocr-2, 4.1 for ocr-1, so neither is cheaper by much. */
export const FIRST_ENGINE: OcrEngineName = "ocr-2";

/** On scans Tesseract (ocr-1) reads the page in full: its word boxes are the page's words (the
 * structure of a scan is built from them), and PaddleOCR then reads every cell's lines as crops,
 * without detection. Measured on a realistic US scan page: 6.3 CPU-s for ocr-1's page against
 * 6.8 for ocr-2's (detection 1.0, recognition 5.9). */
export const SCAN_FIRST_ENGINE: OcrEngineName = "ocr-1";

/** The engine with models of other scripts (script-languages.ts): Tesseract has trained models
 * of Hebrew, Greek and Arabic; PaddleOCR's model has none of their letters. */
export const SCRIPT_READER: OcrEngineName = "ocr-1";

/** On a scan with every engine running, the engine that reads every cell after SCAN_FIRST_ENGINE
 * read the page (the first other engine in registry order). */
export const SCAN_SECOND_ENGINE: OcrEngineName = OCR_ENGINE_NAMES.find((name) => name !== SCAN_FIRST_ENGINE)!;

/** The in-process loaders of every engine. */
export const DEFAULT_ENGINES: Record<OcrEngineName, EngineFactory> = Object.fromEntries(
  OCR_ENGINE_NAMES.map((name) => [name, OCR_ENGINES[name].load]),
) as Record<OcrEngineName, EngineFactory>;

/** The engine whose pool task `op` is, or null for the pool's own tasks ("memory"). */
export function engineOfPoolOp(op: string): OcrEngineName | null {
  return (
    OCR_ENGINE_NAMES.find((name) => {
      const prefix = OCR_ENGINES[name].poolOpPrefix;
      return prefix !== undefined && op.startsWith(prefix);
    }) ?? null
  );
}
