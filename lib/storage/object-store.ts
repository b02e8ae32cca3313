// The one interface both backends implement: named objects under keys ("jobs/<id>/input.pdf"),
// written whole or streamed, read whole, streamed or by byte range, deleted by prefix. JobFiles
// (job-files.ts) lays the job's files out on top of it; nothing else knows a key or a path.
import type { Readable } from "node:stream";

/** A stored object read by byte ranges (pdf.js's range transport, format sniffing). */
export interface ByteSource {
  readonly size: number;
  /** Bytes [begin, end) (end exclusive, clamped to the size). */
  read(begin: number, end: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface StoredStream {
  stream: Readable;
  size: number;
}

export interface ObjectStore {
  /** "local" or "s3", for logs and /readyz. */
  readonly kind: string;
  put(key: string, body: string | Uint8Array): Promise<void>;
  /** Streams `body` into the object; resolves once it is stored. Constant memory: a local file
   * is written as it arrives, S3 gets a multipart upload of fixed-size parts. */
  putStream(key: string, body: Readable): Promise<void>;
  /** The whole object, or null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when it does not exist. */
  getStream(key: string): Promise<StoredStream | null>;
  /** Size in bytes, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** Opens the object for ranged reads; null when it does not exist. */
  openRanges(key: string): Promise<ByteSource | null>;
  /** Deletes every object whose key starts with `prefix` (a folder: ends with "/"). */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under `prefix` (tests and operators: what is left behind). */
  list(prefix: string): Promise<string[]>;
  /** Throws when the store cannot be reached (readiness). */
  ping(): Promise<void>;
}

/** Counts storage errors for /metrics without making the storage layer know about metrics. */
export type StorageErrorListener = (operation: string) => void;
