// One error type and one status table (STYLE.md habit 2). What a client reads (`detail`) is
// written for people and never carries a server path, key, setting name or stack; what went
// wrong internally is logged separately.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extra body fields (e.g. the amounts of a 402) and headers (e.g. Retry-After). */
    readonly extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = "extraction not found") => new AppError("not_found", what);
export const badRequest = (detail: string) => new AppError("bad_request", detail);

/** An error from a library that knows its HTTP status and wrote a message fit for clients (e.g.
 * lib/export's errors). */
interface StatusError extends Error {
  status: number;
  isClientSafe: true;
}

function isStatusError(error: unknown): error is StatusError {
  return error instanceof Error && (error as Partial<StatusError>).isClientSafe === true && typeof (error as Partial<StatusError>).status === "number";
}

/** The JSON body and status for any thrown value; unknown errors become a plain 500. */
export function errorToResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return Response.json({ detail: error.detail, ...error.extra.body }, { status: error.status, headers: error.extra.headers });
  }
  if (isStatusError(error)) {
    if (error.status >= 500) console.error("export error:", error);
    return Response.json({ detail: error.message }, { status: error.status });
  }
  console.error("unhandled error:", error);
  return Response.json({ detail: "internal error; please try again later" }, { status: 500 });
}
