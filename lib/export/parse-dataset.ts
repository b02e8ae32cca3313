// Reading the body of the stateless POST /v1/export.
//
// Request shape: the raw body IS the dataset (the result JSON, exactly as dataset.json in the zip
// bundle or the json export), sent with Content-Type: application/json, and the format is a query
// parameter: POST /v1/export?format=xlsx|csv. Why not multipart or a {format, dataset} envelope:
// the client can send the file it downloaded unchanged (`curl --data-binary @dataset.json`), the
// format can be checked (400) before a byte of a 600 MB body is read, and the body can be parsed
// as it streams in without first buffering a multipart part.
//
// Parsing: V8 cannot hold a string longer than about 512 MB, so a 600 MB body cannot go through
// one JSON.parse. The body is scanned as bytes while it arrives: the top-level object is split
// into its array elements (each table, prose block, image, page), and each element is parsed with
// JSON.parse and validated against its v4 schema as soon as it is complete, then the raw bytes are
// dropped. Memory holds the parsed result plus one element's bytes, never the whole body as text.
// Everything else at the top level (keys, non-array values) is parsed as one small "skeleton".
// Bytes are counted as they arrive: past the limit BodyTooLargeError is thrown at once and the
// rest is not read (the stream is left for the caller to close; answering 413 first is kinder).
import { Readable } from "node:stream";
import type { z } from "zod";
import { resultSchema, type Result } from "../result/schema";
import { BodyTooLargeError, InvalidDatasetError } from "./errors";

/** The stateless export accepts bodies up to 600 MB (MiB, as MAX_UPLOAD_BYTES). */
export const DEFAULT_EXPORT_BODY_LIMIT_BYTES = 600 * 1024 * 1024;
/** How many zod issues a 400 detail lists. */
const MAX_ISSUES_SHOWN = 5;
/** A top-level key longer than this is not one of ours; stop collecting it. */
const MAX_KEY_BYTES = 256;

export interface ReadDatasetOptions {
  /** Byte limit (default 600 MB); the caller passes the configured value. */
  limitBytes?: number;
  /** The Content-Length header, when sent: a declared size over the limit fails before reading. */
  contentLength?: number | null;
}

type Issue = { path: PropertyKey[]; message: string };

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const part of path) {
    text += typeof part === "number" ? `[${part}]` : `${text === "" ? "" : "."}${String(part)}`;
  }
  return text === "" ? "(the dataset)" : text;
}

/** "the dataset does not match the result format v4: tables[0].rows[1][2].confidence: ..." */
export function describeIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): string {
  const shown = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => `${formatPath([...prefix, ...issue.path])}: ${issue.message}`);
  const more = issues.length > MAX_ISSUES_SHOWN ? ` (and ${issues.length - MAX_ISSUES_SHOWN} more)` : "";
  return `the dataset does not match the result format v4: ${shown.join("; ")}${more}`;
}

/** The schema of one element of a top-level array of the result, or null for unknown keys. */
function elementSchemaFor(key: string): z.ZodType | null {
  const shape = resultSchema.shape as Record<string, z.ZodType>;
  let schema = Object.hasOwn(shape, key) ? shape[key] : undefined;
  if (!schema) return null;
  const def = () => (schema as unknown as { def: { type: string; innerType?: z.ZodType; element?: z.ZodType } }).def;
  if (def().type === "optional") schema = def().innerType;
  return def().type === "array" ? (def().element ?? null) : null;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function notJson(where: string, error: unknown): InvalidDatasetError {
  const reason = error instanceof RangeError ? "a single value is too large" : error instanceof Error ? error.message : "";
  return new InvalidDatasetError(`the body is not valid JSON (${where}${reason ? `: ${reason.slice(0, 200)}` : ""})`);
}

/**
 * Splits a JSON object arriving in chunks into its top-level arrays' elements (see the note at the
 * top). push() takes each chunk in order; finish() returns the validated result.
 */
export class DatasetAssembler {
  private started = false;
  private bomChecked = false;
  private lead: Buffer = Buffer.alloc(0);
  private depth = 0;
  private inString = false;
  private escaped = false;
  private skeleton: Buffer[] = [];
  /** Bytes of the element being read (depth >= 2). */
  private element: Buffer[] = [];
  private elementHasContent = false;
  private arrayKey: string | null = null;
  private arrayElements: unknown[] = [];
  private elementSchema: z.ZodType | null = null;
  private arrays: Array<{ key: string; elements: unknown[] }> = [];
  /** The last string read at depth 1: the key of a following array. */
  private keyParts: Buffer[] | null = null;
  private keyBytes = 0;
  private lastKey: string | null = null;

  push(chunk: Buffer): void {
    let i = 0;
    if (!this.started) {
      // Skip a UTF-8 byte order mark (which may arrive split over chunks) and leading whitespace;
      // the first byte after them must open an object.
      if (!this.bomChecked) {
        chunk = this.lead.length > 0 ? Buffer.concat([this.lead, chunk]) : chunk;
        this.lead = Buffer.alloc(0);
        if (chunk.length < UTF8_BOM.length && UTF8_BOM.subarray(0, chunk.length).equals(chunk)) {
          this.lead = chunk;
          return;
        }
        this.bomChecked = true;
        if (chunk.subarray(0, UTF8_BOM.length).equals(UTF8_BOM)) i = UTF8_BOM.length;
      }
      while (i < chunk.length && isJsonSpace(chunk[i] as number)) i++;
      if (i === chunk.length) return;
      if (chunk[i] !== OPEN_BRACE) {
        throw new InvalidDatasetError("the body must be a JSON object: the result (as in dataset.json)");
      }
      this.started = true;
    }
    const end = chunk.length;
    // Start of the run of bytes that belongs to the skeleton (depth < 2) or to the element.
    let runStart = i;
    let keyStart = this.keyParts ? i : -1;
    // Hot state in locals (this loop sees every byte of a 600 MB body); written back at the end.
    let depth = this.depth;
    let inString = this.inString;
    while (i < end) {
      if (inString) {
        // Byte by byte: most strings are short keys, where a native indexOf call costs more.
        let escaped = this.escaped;
        let quote = -1;
        for (; i < end; i++) {
          const byte = chunk[i] as number;
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) {
            quote = i;
            break;
          }
        }
        this.escaped = escaped;
        if (quote === -1) break;
        i = quote + 1;
        inString = false;
        if (this.keyParts && keyStart >= 0) this.endKey(chunk.subarray(keyStart, quote + 1));
        keyStart = -1;
        continue;
      }
      const byte = chunk[i] as number;
      switch (byte) {
        case QUOTE:
          inString = true;
          if (depth === 1) {
            this.keyParts = [];
            this.keyBytes = 0;
            keyStart = i;
          } else if (depth >= 2) this.elementHasContent = true;
          break;
        case OPEN_BRACKET:
        case OPEN_BRACE:
          if (depth === 1 && byte === OPEN_BRACKET) {
            this.skeleton.push(chunk.subarray(runStart, i + 1));
            runStart = i + 1;
            this.openArray();
          } else if (depth >= 2) this.elementHasContent = true;
          depth++;
          break;
        case CLOSE_BRACKET:
        case CLOSE_BRACE:
          if (depth === 2) {
            if (byte !== CLOSE_BRACKET) throw notJson(this.where(), null);
            this.element.push(chunk.subarray(runStart, i));
            this.endElement(true);
            this.closeArray();
            runStart = i;
          } else if (depth <= 0) {
            throw notJson("unexpected closing bracket", null);
          }
          depth--;
          break;
        case COMMA:
          if (depth === 2) {
            this.element.push(chunk.subarray(runStart, i));
            this.endElement(false);
            runStart = i + 1;
          }
          break;
        default:
          if (depth >= 2 && !isJsonSpace(byte)) this.elementHasContent = true;
      }
      i++;
    }
    this.depth = depth;
    this.inString = inString;
    if (runStart < end) (depth >= 2 ? this.element : this.skeleton).push(chunk.subarray(runStart, end));
    if (this.keyParts && keyStart >= 0) this.addKeyPart(chunk.subarray(keyStart, end));
  }

  finish(): Result {
    if (!this.started && this.lead.length > 0)
      throw new InvalidDatasetError("the body must be a JSON object: the result (as in dataset.json)");
    if (!this.started) throw new InvalidDatasetError("the body is empty: send the dataset JSON (the result)");
    if (this.depth !== 0 || this.inString) throw notJson("the body ends before the JSON does", null);
    let top: unknown;
    try {
      top = JSON.parse(Buffer.concat(this.skeleton).toString("utf8"));
    } catch (error) {
      throw notJson("at the top level", error);
    }
    this.skeleton = [];
    const checked = resultSchema.safeParse(top);
    if (!checked.success) throw new InvalidDatasetError(describeIssues(checked.error.issues));
    const result = checked.data as Record<string, unknown>;
    for (const { key, elements } of this.arrays) {
      // defineProperty, not assignment: a key "__proto__" must not reach the prototype.
      Object.defineProperty(result, key, { value: elements, enumerable: true, writable: true, configurable: true });
    }
    return result as Result;
  }

  private where(): string {
    return this.arrayKey === null ? "at the top level" : `in ${this.arrayKey}[${this.arrayElements.length}]`;
  }

  private openArray(): void {
    if (this.lastKey === null) throw notJson("an array without a key at the top level", null);
    this.arrayKey = this.lastKey;
    this.arrayElements = [];
    this.elementSchema = elementSchemaFor(this.arrayKey);
    this.element = [];
    this.elementHasContent = false;
  }

  private closeArray(): void {
    this.arrays.push({ key: this.arrayKey as string, elements: this.arrayElements });
    this.arrayKey = null;
    this.arrayElements = [];
  }

  private endElement(isLast: boolean): void {
    const parts = this.element;
    this.element = [];
    if (!this.elementHasContent) {
      // "[]" is an empty array; "[1,]", "[,1]" and "[,]" are not JSON.
      if (isLast && this.arrayElements.length === 0 && !this.sawComma) return;
      throw notJson(`${this.where()}: missing value`, null);
    }
    this.sawComma = !isLast;
    this.elementHasContent = false;
    let value: unknown;
    try {
      value = JSON.parse(parts.length === 1 ? (parts[0] as Buffer).toString("utf8") : Buffer.concat(parts).toString("utf8"));
    } catch (error) {
      throw notJson(this.where(), error);
    }
    if (this.elementSchema) {
      const checked = this.elementSchema.safeParse(value);
      if (!checked.success) {
        throw new InvalidDatasetError(describeIssues(checked.error.issues, [this.arrayKey as string, this.arrayElements.length]));
      }
      value = checked.data;
    }
    this.arrayElements.push(value);
  }

  private sawComma = false;

  private addKeyPart(part: Buffer): void {
    if (!this.keyParts) return;
    this.keyBytes += part.length;
    if (this.keyBytes > MAX_KEY_BYTES) {
      this.keyParts = null;
      this.lastKey = null;
      return;
    }
    this.keyParts.push(part);
  }

  private endKey(lastPart: Buffer): void {
    this.addKeyPart(lastPart);
    if (!this.keyParts) return;
    try {
      const key: unknown = JSON.parse(Buffer.concat(this.keyParts).toString("utf8"));
      this.lastKey = typeof key === "string" ? key : null;
    } catch {
      this.lastKey = null;
    }
    this.keyParts = null;
  }
}

/** A request body: a Node stream, a web stream (Request.body) or any async iterable of bytes. */
export type DatasetBody = Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

async function* webChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function chunksOf(body: DatasetBody): AsyncIterable<Uint8Array | string> {
  // Stopping early leaves the stream open (no destroy, no cancel): the route answers 413 first.
  if (body instanceof Readable) return body.iterator({ destroyOnReturn: false });
  if (body instanceof ReadableStream) return webChunks(body);
  return body;
}

/**
 * Reads a stateless-export body into a validated Result. Throws BodyTooLargeError past the limit
 * (without reading further), InvalidDatasetError for a body that is not JSON or not format v4.
 */
export async function readDataset(body: DatasetBody, options: ReadDatasetOptions = {}): Promise<Result> {
  const limit = options.limitBytes ?? DEFAULT_EXPORT_BODY_LIMIT_BYTES;
  if (options.contentLength != null && options.contentLength > limit) throw new BodyTooLargeError(limit);
  const assembler = new DatasetAssembler();
  let received = 0;
  for await (const raw of chunksOf(body)) {
    const chunk = typeof raw === "string" ? Buffer.from(raw, "utf8") : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    received += chunk.length;
    if (received > limit) throw new BodyTooLargeError(limit);
    assembler.push(chunk);
  }
  return assembler.finish();
}
