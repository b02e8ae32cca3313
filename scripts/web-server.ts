// The web process: Next.js behind a thin Node front server. The front server owns what must be
// decided before the app sees a request: the bot rules (User-Agents refused with an HTML page,
// not an API error), the missing User-Agent rule, and the client address, taken from the socket
// (a client-sent header of the same name is overwritten, so nobody can pick their own address).
// Uploads stream straight through: no middleware, which would buffer request bodies.
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { CLIENT_ADDRESS_HEADER } from "../lib/auth/resolve-caller";
import { botUserAgents, getEnv } from "../lib/env";
import { getLogger } from "../lib/log";
import { getMetrics } from "../lib/metrics/metrics";
import { pingDatabase } from "../lib/ops/database-ping";
import { startDraining } from "../lib/ops/draining";
import { lingerOnClose } from "../lib/ops/lingering-close";
import { DatabaseReachability, isPageRequest, unavailablePage } from "../lib/ops/page-gate";
import { DATABASE_RETRY_AFTER_SECONDS } from "../lib/errors";
import { warmInspectors } from "../lib/pdf/isolated-inspect";
import { serveWorkerMetrics } from "../worker/metrics-server";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BOT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head>
<body><h1>Request refused</h1><p>Requests from this client are refused by our bot rules. Send a descriptive User-Agent header.</p></body></html>`;

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function normalizeAddress(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/** The client's address: the socket's, unless the socket is a trusted proxy, in which case the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy (entries further left
 * were written by the client and prove nothing). */
export function clientAddress(request: http.IncomingMessage, trusted: Set<string>): string {
  const socket = normalizeAddress(request.socket.remoteAddress ?? "unknown");
  if (!trusted.has(socket)) return socket;
  const header = request.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((hop) => normalizeAddress(hop.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!;
  return socket;
}

/** A request path Next would fail to decode (a lone or malformed %-escape): it answers those with
 * a plain-text 500; they are the client's mistake, so 400 JSON here. */
export function hasMalformedEscape(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function sendJson(response: http.ServerResponse, status: number, detail: string): void {
  response.writeHead(status, { "content-type": "application/json", connection: "close" });
  response.end(JSON.stringify({ detail }));
}

/** Requests Node's HTTP parser refuses never reach a handler; without this they get a bare status
 * line and no body (431 for oversized headers). Every error is JSON {detail}. */
function answerClientError(error: NodeJS.ErrnoException, socket: import("node:stream").Duplex): void {
  if (!socket.writable || ((error as { bytesParsed?: number }).bytesParsed === 0 && error.code === "ECONNRESET")) {
    socket.destroy();
    return;
  }
  const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const detail =
    status === 431
      ? "the request headers are too large"
      : status === 408
        ? "the request took too long to arrive"
        : "the request is not valid HTTP";
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** An unread request body above this many bytes closes the connection of an early answer. */
const EARLY_CLOSE_MIN_BYTES = 1024 * 1024;

/** An answer given before the request's body was read (an upload refused as too large, by its
 * declared length or at the first byte past the limit) closes the connection: otherwise Node
 * would read, and throw away, the rest of a body of any size to keep the connection alive. */
function closeIfAnsweredEarly(request: http.IncomingMessage, response: http.ServerResponse): void {
  const writeHead = response.writeHead.bind(response) as (...a: unknown[]) => http.ServerResponse;
  response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    // Only a large body still unread (or one of unknown length) is worth a new connection: a
    // small one is drained cheaply, and closing while the client still writes it makes the client
    // see a reset instead of the answer (a 401 for a one-page upload came back as "fetch failed").
    const length = request.headers["content-length"];
    const largeBody = length !== undefined ? Number(length) > EARLY_CLOSE_MIN_BYTES : request.headers["transfer-encoding"] !== undefined;
    if (largeBody && !request.complete && !this.headersSent) {
      this.setHeader("connection", "close");
      // Closed without losing the answer to a client still sending (lib/ops/lingering-close.ts).
      lingerOnClose(request.socket);
    }
    return writeHead(...args);
  };
}

/** Uploads of 600 MB over slow links take a while; Node's 5-minute default would cut them. */
const REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

async function main(): Promise<void> {
  const env = getEnv();
  getMetrics(); // registered before the first request, so early storage errors are counted
  const rules = botUserAgents();
  const trustedProxies = new Set(
    env.TRUSTED_PROXIES.split(",")
      .map((entry) => normalizeAddress(entry.trim()))
      .filter(Boolean),
  );
  const app = next({ dev: false, dir: projectRoot, hostname: "0.0.0.0", port: env.PORT });
  const handle = app.getRequestHandler();
  // A failed check is remembered for a second: a burst of page views during an outage is
  // answered at once, and a page asked a second after the database is back renders.
  const database = new DatabaseReachability(pingDatabase, { rememberFailureMs: 1000 });
  await app.prepare();
  // Uploaded PDFs are opened in child processes; start them now, not on the first upload.
  warmInspectors();

  const passToNext = (request: http.IncomingMessage, response: http.ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      getLogger("web").error({ err: error, url: request.url }, "request failed");
      if (!response.headersSent) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ detail: "internal error; please try again later" }));
      }
    });
  };

  const server = http.createServer((request, response) => {
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(request, trustedProxies);
    const userAgent = request.headers["user-agent"];
    const isApi = (request.url ?? "").startsWith("/v1/");
    if (userAgent && rules.some((rule) => userAgent.toLowerCase().includes(rule))) {
      response.writeHead(403, { "content-type": "text/html; charset=utf-8", connection: "close" });
      response.end(BOT_PAGE);
      request.resume();
      return;
    }
    if (!userAgent && isApi) {
      response.writeHead(400, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify({ detail: "send a User-Agent header that names your client" }));
      request.resume();
      return;
    }
    if (hasMalformedEscape(request.url ?? "/")) {
      sendJson(response, 400, "the request path has a malformed %-escape");
      request.resume();
      return;
    }
    closeIfAnsweredEarly(request, response);
    if (isPageRequest(request.method, request.url)) {
      // A page is rendered only while the database answers (lib/ops/page-gate.ts).
      void database.reachable().then((reachable) => {
        if (reachable) return passToNext(request, response);
        response.writeHead(503, {
          "content-type": "text/html; charset=utf-8",
          "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
          "cache-control": "no-store",
        });
        response.end(request.method === "HEAD" ? undefined : unavailablePage(DATABASE_RETRY_AFTER_SECONDS));
      });
      return;
    }
    passToNext(request, response);
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.on("clientError", answerClientError);
  server.listen(env.PORT, () => getLogger("web").info(`listening on http://localhost:${env.PORT}`));
  // METRICS_PORT: /metrics on a private address instead of the public port (app/metrics).
  if (env.METRICS_PORT) serveWorkerMetrics(env.METRICS_PORT, getLogger("web"), env.METRICS_HOST);

  // SIGTERM drains: /readyz turns 503, no new connection is accepted, idle keep-alive ones are
  // closed, open requests (an upload in flight) get SHUTDOWN_GRACE_SECONDS to finish.
  const stop = (signal: string) => {
    getLogger("web").info(`${signal}: draining (up to ${env.SHUTDOWN_GRACE_SECONDS} s for open requests)`);
    startDraining();
    server.close(() => {
      getLogger("web").info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), env.SHUTDOWN_GRACE_SECONDS * 1000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  getLogger("web").fatal({ err: error }, "the web process could not start");
  process.exit(1);
});
