// A job's file could not be written (a folder that became unwritable, a full disk, an object
// store refusing the write). The worker stops the job at the first such write, fails it with a
// storage reason and charges nothing, rather than reading every other page for a result it cannot
// keep. The pipeline process reports errors to the worker as text, so the marker travels in the
// message.

const MARKER = "storage write failed";

export class StorageWriteError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${MARKER}: ${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "StorageWriteError";
  }
}

export function isStorageWriteError(error: unknown): boolean {
  return error instanceof StorageWriteError || (error instanceof Error && error.message.startsWith(MARKER));
}

/** Also for an error message that crossed a process boundary. */
export function isStorageWriteMessage(message: string): boolean {
  return message.includes(`${MARKER}: `);
}

/** What the client reads (no path or key: those stay in the worker's log). */
export const STORAGE_FAILURE_DETAIL =
  "the results could not be stored (a storage error on our side); the job was stopped and nothing was charged. Please submit the document again.";

/** Runs one write, turning whatever it throws into a StorageWriteError about `what`. */
export async function storageWrite<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isStorageWriteError(error) ? error : new StorageWriteError(what, error);
  }
}
