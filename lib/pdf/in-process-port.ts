// The port between pdf.js's document API and its parser when both run in this thread, as they do in
// Node. pdf.js's own in-thread port (LoopbackPort, behind its "fake worker") structured-clones every
// message, as a real worker's postMessage would. Most of that copying buys nothing here: the two
// largest kinds of message, a page's operator-list chunks and text-content chunks, are fresh data
// the parser never reads again. All it does to them after sending is start the next chunk: an
// operator list empties its two arrays (`length = 0`), a text pass gives its chunk object new
// `items` and `styles`. So those chunks are passed on as shallow copies of exactly what the parser
// reuses (the chunk object and, for an operator list, its two arrays), and every other message is
// structured-cloned as before. Measured without OCR over the ICDAR sets: the clones were ~4% of a
// pass's CPU (docs/performance.md, eighth round).
//
// An operator-list chunk lists the buffers of its path and inline-image data for transfer: a
// worker gives them up when it sends them, and the parser never touches them again. Here they are
// handed over as they are, not detached: the receiving side reads the same bytes either way.
// Everything else with a transfer list (decoded images, font files) is cloned and transferred as
// before.

/** pdf.js's message-handler stream kinds (src/shared/message_handler.js): a chunk of a stream. */
const STREAM_ENQUEUE = 4;

type Listener = (this: InProcessPort, event: { data: unknown }) => void;

interface StreamMessage {
  stream: number;
  chunk?: unknown;
}

interface OperatorListChunk {
  fnArray: unknown[];
  argsArray: unknown[];
}

interface TextContentChunk {
  items: unknown[];
  styles: object;
}

function isOperatorListChunk(chunk: unknown): chunk is OperatorListChunk {
  const c = chunk as Partial<OperatorListChunk> | null;
  return c !== null && typeof c === "object" && Array.isArray(c.fnArray) && Array.isArray(c.argsArray);
}

function isTextContentChunk(chunk: unknown): chunk is TextContentChunk {
  const c = chunk as Partial<TextContentChunk> | null;
  return c !== null && typeof c === "object" && Array.isArray(c.items) && typeof c.styles === "object" && c.styles !== null;
}

/** What the receiving side gets for `message`: a shallow copy of an operator-list chunk, or of a
 * text-content chunk sent without transfers; a structured clone of anything else. */
export function deliveredCopy(message: unknown, transfer?: readonly Transferable[] | null): unknown {
  const m = message as StreamMessage | null;
  if (m !== null && typeof m === "object" && m.stream === STREAM_ENQUEUE) {
    const chunk = m.chunk;
    if (isOperatorListChunk(chunk)) {
      return { ...m, chunk: { ...chunk, fnArray: chunk.fnArray.slice(), argsArray: chunk.argsArray.slice() } };
    }
    if (isTextContentChunk(chunk) && !transfer?.length) return { ...m, chunk: { ...chunk } };
  }
  return structuredClone(message, transfer?.length ? { transfer: [...transfer] } : undefined);
}

/** A port both ends of pdf.js talk through in one thread: messages are delivered asynchronously, in
 * order, to every listener, as pdf.js's LoopbackPort delivers them; only the copying differs
 * (deliveredCopy). Give it to `PDFWorker.create({ port })` and to the parser's
 * `WorkerMessageHandler.initializeFromPort`. Every event is a message, so the event type is not
 * looked at. */
export class InProcessPort {
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred = Promise.resolve();

  postMessage(message: unknown, transfer?: Transferable[] | null): void {
    const event = { data: deliveredCopy(message, transfer) };
    void this.#deferred.then(() => {
      for (const [listener] of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(type: string, listener: Listener, options: { signal?: AbortSignal } | null = null): void {
    let removeAbort: (() => void) | null = null;
    const signal = options?.signal;
    if (signal instanceof AbortSignal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener(type, listener);
      removeAbort = () => signal.removeEventListener("abort", onAbort);
      signal.addEventListener("abort", onAbort);
    }
    this.#listeners.set(listener, removeAbort);
  }

  removeEventListener(_name: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, removeAbort] of this.#listeners) removeAbort?.();
    this.#listeners.clear();
  }
}
