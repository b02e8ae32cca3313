// Pages while the database is away. An API route answers 503 itself when a query fails (its
// status is chosen after the query), but a page's status is fixed by Next when its render throws:
// a 500, and a response already compressed and under way cannot be turned into a 503 afterwards.
// So the front server asks the database before it hands a page request to Next: reachable, and
// the page renders as usual; not, and the answer is a short 503 page with Retry-After. A page
// whose database goes away in the middle of its render (after the question) shows the
// "temporarily unavailable" notice of components/ui/database-away.tsx instead of an error page.

/** The routes of app/'s pages (page.tsx), as the front server sees them. Route handlers
 * (route.ts: /v1, /api, /jobs/{id}/pages...) answer 503 on their own and are not listed;
 * page-gate.test.ts checks this list against app/. */
const PAGE_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/sign-in$/,
  /^\/verify-request$/,
  /^\/account$/,
  /^\/api-reference$/,
  /^\/documents$/,
  /^\/jobs\/[^/]+$/,
  /^\/jobs\/[^/]+\/review$/,
];

/** A GET or HEAD of one of the app's pages (a browser's navigation or a client-side router's
 * fetch of the same route; the query string does not matter). */
export function isPageRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = (url ?? "/").split("?")[0]!.replace(/(.)\/+$/, "$1");
  return PAGE_ROUTES.some((route) => route.test(pathname));
}

export interface ReachabilityOptions {
  /** A failed check is remembered this long, so a burst of pages during an outage is answered at
   * once instead of each waiting for its own check. */
  rememberFailureMs: number;
}

/** Asks `ping` whether the database answers, one question at a time: requests that arrive while
 * a check is under way share its answer (a frozen server must not collect one hanging check per
 * page view). A success is never remembered: the next page asks again, so a page is not handed to
 * a render that will fail on a database that went away a moment ago. */
export class DatabaseReachability {
  private inFlight: Promise<boolean> | null = null;
  private failedAt = -Infinity;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly options: ReachabilityOptions,
    private readonly now: () => number = Date.now,
  ) {}

  reachable(): Promise<boolean> {
    if (this.now() - this.failedAt < this.options.rememberFailureMs) return Promise.resolve(false);
    this.inFlight ??= this.ping()
      .then(
        () => true,
        () => {
          this.failedAt = this.now();
          return false;
        },
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}

/** The 503 page: plain HTML, no script, nothing about the server. */
export function unavailablePage(retryAfterSeconds: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}"><title>Temporarily unavailable · pdftables</title></head>
<body><main><h1>Temporarily unavailable</h1><p>The service cannot reach its database right now. Your documents and results are safe; this page tries again in ${retryAfterSeconds} seconds.</p></main></body></html>`;
}
