// Is this error "the database is not there right now" (down, restarting, frozen, unreachable),
// as opposed to a bug or a bad request? Such errors are answered 503 with Retry-After on request
// paths and waited out by workers: retrying once the server is back succeeds.
//
// The errors come from several layers, each wrapping the one below: pg (socket errors, its own
// timeouts, Postgres's SQLSTATE codes), Prisma's pg adapter (a `kind` with the pg code as
// `originalCode`) and Prisma itself (P1xxx codes, the adapter error in `meta`). So the test looks
// at the codes and messages of the whole chain, not only the outermost error.

/** Node socket errors: nobody listening, the connection reset or timed out. */
const SOCKET_CODES = ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"];
/** Postgres SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server is shutting
 * down, crashed or not yet accepting connections), 53300 (too many connections). */
const POSTGRES_CODES = ["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300"];
/** Prisma's own: server unreachable (P1001), connect timeout (P1002), operation timed out (P1008),
 * connection closed (P1017), too many connections (P2037). */
const PRISMA_CODES = ["P1001", "P1002", "P1008", "P1017", "P2037"];
/** The Prisma pg adapter's error kinds for the same situations. */
const ADAPTER_KINDS = ["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"];

const CODES = new Set([...SOCKET_CODES, ...POSTGRES_CODES, ...PRISMA_CODES, ...ADAPTER_KINDS]);

/** pg's and Prisma's messages for errors that carry no code. */
const MESSAGES = [
  /connection terminated/i, // pg: the socket closed under a query or while connecting
  /query read timeout/i, // pg: query_timeout passed (a frozen server)
  /timeout exceeded when trying to connect/i, // pg-pool: connectionTimeoutMillis passed
  /^timeout expired$/i, // pg Client: connectionTimeoutMillis passed while connecting
  /connection timeout/i,
  /can't reach database server/i,
  /server has closed the connection/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /terminating connection due to administrator command/i,
  /connect ECONNREFUSED/i,
];

const MAX_DEPTH = 5;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== "object") return false;
  const record = error as Record<string, unknown>;
  for (const key of ["code", "kind", "originalCode", "errno"]) {
    const value = record[key];
    if (typeof value === "string" && CODES.has(value)) return true;
  }
  for (const key of ["message", "originalMessage", "reason"]) {
    const value = record[key];
    if (typeof value === "string" && MESSAGES.some((pattern) => pattern.test(value))) return true;
  }
  // Wrapped errors: cause (Error, pg adapter), meta.driverAdapterError (Prisma).
  const meta = record.meta as Record<string, unknown> | undefined;
  const nested = [record.cause, meta?.driverAdapterError, meta?.cause];
  return nested.some((inner) => inner !== error && isDatabaseUnavailable(inner, depth + 1));
}
