// JSON export: the full result (confidence, sources, readings, bbox) exactly as the
// caller passes it; review edits are applied by the caller before this point.
// Compact by default: the json download and dataset.json are read by programs, and indentation
// nearly doubles a 500-page result (cells sit five levels deep); `pretty: true` gives 2-space
// indentation for people. Either way the output is byte-identical to JSON.stringify(result) (or
// JSON.stringify(result, null, 2)), but produced one array element at a time, so the whole
// document never exists as one string: a 500-page result serialises in bounded extra memory.
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Result } from "../result/schema";

export interface JsonOptions {
  /** 2-space indentation (default false: compact). */
  pretty?: boolean;
}

const CHUNK_CHARS = 64 * 1024;

/** The result as JSON text in chunks; joined, they equal JSON.stringify(result[, null, 2]). */
export function* jsonChunks(result: Result, options: JsonOptions = {}): Generator<string> {
  const pretty = options.pretty === true;
  const indent = (text: string, prefix: string) => (pretty ? text.replaceAll("\n", `\n${prefix}`) : text);
  const nl = (prefix: string) => (pretty ? `\n${prefix}` : "");
  const colon = pretty ? ": " : ":";

  // Skip what JSON.stringify would skip, so the two stay identical.
  const entries = Object.entries(result).filter(
    ([, value]) => value !== undefined && typeof value !== "function" && typeof value !== "symbol",
  );
  if (entries.length === 0) {
    yield "{}";
    return;
  }
  let buffer = "{";
  for (const [position, [key, value]] of entries.entries()) {
    buffer += (position > 0 ? "," : "") + nl("  ") + JSON.stringify(key) + colon;
    if (Array.isArray(value) && value.length > 0) {
      buffer += "[";
      for (const [i, element] of value.entries()) {
        // JSON.stringify escapes newlines inside strings, so every "\n" it emits is layout.
        const text = JSON.stringify(element, null, pretty ? 2 : undefined) ?? "null";
        buffer += (i > 0 ? "," : "") + nl("    ") + indent(text, "    ");
        if (buffer.length >= CHUNK_CHARS) {
          yield buffer;
          buffer = "";
        }
      }
      buffer += nl("  ") + "]";
    } else {
      buffer += indent(JSON.stringify(value, null, pretty ? 2 : undefined), "  ");
    }
  }
  buffer += nl("") + "}";
  yield buffer;
}

/** The JSON as a UTF-8 byte stream. */
export function jsonStream(result: Result, options: JsonOptions = {}): Readable {
  return Readable.from(
    (function* () {
      for (const chunk of jsonChunks(result, options)) yield Buffer.from(chunk, "utf8");
    })(),
    { objectMode: false },
  );
}

/** Writes the JSON into `out` and ends it. */
export async function writeJson(result: Result, out: Writable, options: JsonOptions = {}): Promise<void> {
  await pipeline(jsonStream(result, options), out);
}
