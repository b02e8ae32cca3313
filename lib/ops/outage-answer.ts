// A 500 while the database is away becomes a 503. The API's routes map database errors to 503
// themselves (lib/http/with-api.ts), but a page is rendered by React server components, which can
// only fail: during an outage the job page or the account page would answer 500. The front server
// (scripts/web-server.ts) holds a response that is about to start as a 500, asks whether the
// database answers, and sends either the 500 as it was or a 503 with Retry-After (a JSON
// {detail} under /v1/ and /api/, a short HTML page elsewhere). Only 500s pay for the check.
import type http from "node:http";

/** Seconds a client is told to wait, as the API's 503s say. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const OUTAGE_DETAIL = "the service is briefly unavailable (its database is not answering); try again in a few seconds";

const OUTAGE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Briefly unavailable · pdftables</title></head>
<body><main><h1>Briefly unavailable</h1><p>The service cannot reach its database just now. Nothing is lost: jobs already accepted finish once it is back. Try again in a few seconds.</p></main></body></html>`;

type Args = unknown[];

export function answerOutageFor500(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  databaseAnswers: () => Promise<boolean>,
): void {
  const writeHead = response.writeHead.bind(response) as (...args: Args) => http.ServerResponse;
  const write = response.write.bind(response) as (...args: Args) => boolean;
  const end = response.end.bind(response) as (...args: Args) => http.ServerResponse;
  let held: { head: Args; writes: Args[]; end: Args | null } | null = null;
  const release = () => {
    response.writeHead = writeHead;
    response.write = write as typeof response.write;
    response.end = end as typeof response.end;
  };
  // Starts holding a response that is about to go out as a 500: by an explicit writeHead(500), or
  // by Node's implicit one when write() or end() comes first with statusCode 500 (as Next does).
  const hold = (head: Args) => {
    const state = { head, writes: [] as Args[], end: null as Args | null };
    held = state;
    void databaseAnswers().then((answers) => {
      release();
      if (answers) {
        if (state.head.length > 0) writeHead(...state.head);
        for (const chunk of state.writes) write(...chunk);
        if (state.end) end(...state.end);
        return;
      }
      const api = /^\/(v1|api)\//.test(request.url ?? "");
      for (const name of response.getHeaderNames()) response.removeHeader(name);
      writeHead(503, {
        "content-type": api ? "application/json" : "text/html; charset=utf-8",
        "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS),
        "cache-control": "no-store",
      });
      end(api ? JSON.stringify({ detail: OUTAGE_DETAIL }) : OUTAGE_PAGE);
    });
    return state;
  };
  const aboutToStartAs500 = () => !held && !response.headersSent && response.statusCode === 500;
  response.writeHead = (...args: Args) => {
    if (args[0] !== 500 || held) return writeHead(...args);
    hold(args);
    return response;
  };
  response.write = ((...args: Args) => {
    const state = held ?? (aboutToStartAs500() ? hold([]) : null);
    if (!state) return write(...args);
    state.writes.push(args);
    return true;
  }) as typeof response.write;
  response.end = ((...args: Args) => {
    const state = held ?? (aboutToStartAs500() ? hold([]) : null);
    if (!state) return end(...args);
    state.end = args;
    return response;
  }) as typeof response.end;
}
