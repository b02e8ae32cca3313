// One error type and one status table. What a client reads (`detail`) is
// written for people and never carries a server path, key, setting name or stack; what went
// wrong internally is logged separately.
import { isDatabaseUnavailable } from "./db/database-unavailable";
import { getLogger } from "./log";

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
  return (
    error instanceof Error &&
    (error as Partial<StatusError>).isClientSafe === true &&
    typeof (error as Partial<StatusError>).status === "number"
  );
}

/** Prisma and Postgres codes that mean "too busy right now", not "broken": no connection free
 * in time (P2024, pg's connection timeout), a transaction that could not start or finish in time
 * (P2028), a write conflict or deadlock (P2034, 40001, 40P01), a lock or statement timeout
 * (55P03, 57014). Retrying later succeeds, so they are 503 with Retry-After. */
const BUSY_CODES = new Set(["P2024", "P2028", "P2034", "40001", "40P01", "55P03", "57014"]);
const BUSY_MESSAGES = [
  /unable to start a transaction in the given time/i,
  /timeout exceeded when trying to connect/i,
  /transaction already closed/i,
  /timed out fetching a new connection/i,
];

export function isBusyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && BUSY_CODES.has(code)) return true;
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error && isBusyError(cause)) return true;
  return BUSY_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** The JSON body and status for any thrown value; unknown errors become a plain 500. */
export function errorToResponse(error: unknown): Response {
  // The database is down, restarting or frozen: a moment's outage, not a bug; the embedded server
  // is restarted by `npm start` within seconds (docs/operations-database.md).
  if (isDatabaseUnavailable(error)) return databaseUnavailableResponse(error);
  if (isBusyError(error)) {
    console.warn("busy:", (error as Error).message.split("\n")[0]);
    return Response.json({ detail: "the service is busy; retry in a few seconds" }, { status: 503, headers: { "retry-after": "2" } });
  }
  if (error instanceof AppError) {
    return Response.json({ detail: error.detail, ...error.extra.body }, { status: error.status, headers: error.extra.headers });
  }
  if (isStatusError(error)) {
    if (error.status >= 500) getLogger("web").error({ err: error }, "export error");
    return Response.json({ detail: error.message }, { status: error.status });
  }
  getLogger("web").error({ err: error }, "unhandled error");
  return Response.json({ detail: "internal error; please try again later" }, { status: 500 });
}

/** Seconds a client is told to wait while the database is unreachable: about one restart of the
 * embedded server (its first back-off plus its start-up). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailableResponse(error: unknown): Response {
  getLogger("web").warn({ reason: error instanceof Error ? error.message.split("\n")[0] : String(error) }, "database unavailable");
  return Response.json(
    { detail: "the service is temporarily unavailable; retry in a few seconds" },
    { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" } },
  );
}
