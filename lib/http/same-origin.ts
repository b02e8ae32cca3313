// Cross-site request protection for session-authenticated POSTs (the account page's forms and
// fetches). The session cookie is SameSite=Lax, which already keeps it off cross-site POSTs in
// current browsers; this check does not rely on that: the request must say it comes from this
// site. Origin is sent on every POST by current browsers; Referer is the fallback for old ones.
// A request naming neither is refused: a browser page of ours always sends one.
import { siteUrl } from "../auth/next-auth";
import { AppError } from "../errors";

const refused = () => new AppError("forbidden", "this request did not come from this site's pages; reload the page and try again");

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins this site is served at: the configured address, and the Host the request was sent
 * to (so http://127.0.0.1:PORT works as well as http://localhost:PORT on a self-hosted install). */
function siteOrigins(request: Request): Set<string> {
  const origins = new Set<string>();
  const configured = originOf(siteUrl());
  if (configured) origins.add(configured);
  const host = request.headers.get("host");
  if (host) {
    const scheme = configured?.startsWith("https:") ? "https" : "http";
    const fromHost = originOf(`${scheme}://${host}`);
    if (fromHost) origins.add(fromHost);
  }
  return origins;
}

/** For reads with a session cookie: browsers send no Origin on a same-origin GET, so
 * only a request that says it comes from elsewhere (Sec-Fetch-Site, or a foreign Origin) is
 * refused; the site's own polling and download links pass. */
export function assertNotCrossSite(request: Request): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw refused();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const parsed = originOf(origin);
  if (!parsed || !siteOrigins(request).has(parsed)) throw refused();
}

/** Throws 403 unless the request demonstrably comes from one of this site's pages. */
export function assertSameOrigin(request: Request): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw refused();
  const claimed = request.headers.get("origin") ?? request.headers.get("referer");
  // "null" is the Origin of sandboxed frames, data: URLs and some redirects: never ours.
  if (!claimed || claimed === "null") throw refused();
  const origin = originOf(claimed);
  if (!origin || !siteOrigins(request).has(origin)) throw refused();
}
