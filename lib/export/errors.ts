// Errors the export library throws on purpose. Each carries the HTTP status the route should answer
// and a message that is safe to show as `{detail}` (no server paths, no key names).
// Anything else thrown from lib/export is a defect and should become a plain 500.

export abstract class ExportError extends Error {
  abstract readonly status: 400 | 404 | 413 | 500;
  /** The message is written for clients; lib/errors.ts answers it as {detail} with `status`. */
  readonly isClientSafe = true as const;
}

/** 400: `format` is not one this endpoint offers (GET: xlsx csv json zip; POST: xlsx csv). */
export class UnsupportedExportFormatError extends ExportError {
  readonly status = 400;
  constructor(
    readonly format: string | null,
    readonly allowed: readonly string[],
  ) {
    super(
      format === null || format === ""
        ? `format is required; use one of: ${allowed.join(", ")}`
        : `unsupported export format "${format.slice(0, 40)}"; use one of: ${allowed.join(", ")}`,
    );
  }
}

/** 404: format=zip for a result with no cropped figure. */
export class NoFiguresError extends ExportError {
  readonly status = 404;
  constructor() {
    super("this document has no cropped figures, so there is no zip bundle; use format=json for the same data");
  }
}

/** 500: the result names an image file that is not in the job's storage (or names it unsafely). */
export class BundleImageMissingError extends ExportError {
  readonly status = 500;
  constructor(readonly imagePath: string) {
    // imagePath is kept for the log; the message shown to the client does not carry it.
    super("an image file of this result is missing from storage");
  }
}

/** 413: the stateless export body passed the byte limit. */
export class BodyTooLargeError extends ExportError {
  readonly status = 413;
  constructor(readonly limitBytes: number) {
    super(`the dataset is larger than the limit of ${formatBytes(limitBytes)}`);
  }
}

/** 400: the stateless export body is not JSON, or not a result in format v4. */
export class InvalidDatasetError extends ExportError {
  readonly status = 400;
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MB` : `${bytes} bytes`;
}
