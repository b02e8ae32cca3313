// pdf.js 5 inflates content streams, font files and images through the web platform's
// DecompressionStream when there is one. In Node that is a zlib stream run in libuv's thread pool
// behind the web-stream adapters, and a page's streams are mostly a few kilobytes: the promise
// hops, stream objects and thread-pool round trips cost more than the inflating. Over both ICDAR
// sets without OCR (173 pages, one process) the pipeline spent ~10% less CPU with the class below
// in its place (median of five alternating pairs; docs/performance.md, seventh round), with the
// same output.
//
// SyncDecompressionStream is a DecompressionStream (a TransformStream of bytes, the same formats)
// that gathers what is written and inflates it in one synchronous zlib call when the writer
// closes. A truncated or corrupt stream errors its readable side, as the built-in's does, and
// pdf.js then inflates the bytes with its own lenient decoder, as it did before. Inflating in one
// call holds the whole output at once, as pdf.js does with the chunks it collects anyway.
import zlib from "node:zlib";

const INFLATE: Record<string, (input: Buffer) => Buffer> = {
  deflate: (input) => zlib.inflateSync(input),
  "deflate-raw": (input) => zlib.inflateRawSync(input),
  gzip: (input) => zlib.gunzipSync(input),
  brotli: (input) => zlib.brotliDecompressSync(input),
};

export class SyncDecompressionStream extends TransformStream<BufferSource, Uint8Array> {
  constructor(format: string) {
    const inflate = INFLATE[format];
    if (!inflate) throw new TypeError(`unsupported compression format: ${format}`);
    const chunks: Buffer[] = [];
    super({
      transform(chunk) {
        chunks.push(ArrayBuffer.isView(chunk) ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : Buffer.from(chunk));
      },
      flush(controller) {
        const output = inflate(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
      },
    });
  }
}

/** Puts SyncDecompressionStream in the global scope, where pdf.js looks for DecompressionStream.
 * Called once, before pdf.js is loaded, by the processes that read PDFs with it. */
export function installSyncDecompression(): void {
  globalThis.DecompressionStream = SyncDecompressionStream as unknown as typeof DecompressionStream;
}
