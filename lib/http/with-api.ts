// The one wrapper around every /v1 route handler: resolve the caller, run
// the handler, turn any error into {detail} with the right status.
import { resolveCaller, type Caller } from "../auth/resolve-caller";
import { errorToResponse } from "../errors";
import { assertNotCrossSite, assertSameOrigin } from "./same-origin";

export interface ApiContext<P> {
  request: Request;
  caller: Caller;
  params: P;
}

export function withApi<P = Record<string, never>>(handler: (context: ApiContext<P>) => Promise<Response>) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      const caller = await resolveCaller(request.headers);
      // A session cookie rides along on requests other sites make (a sibling subdomain is
      // "same-site" to SameSite=Lax): on /v1 it counts only for this site's own pages. An API
      // key is not sent by browsers on their own, so it needs no such check.
      if (caller.kind === "session") {
        if (request.method === "GET" || request.method === "HEAD") assertNotCrossSite(request);
        else assertSameOrigin(request);
      }
      const params = (await route?.params) ?? ({} as P);
      return await handler({ request, caller, params });
    } catch (error) {
      return errorToResponse(error);
    }
  };
}

/** Answers a method a /v1 path does not have: 405 with Allow and a JSON body (Next's own 405 has
 * an empty body). */
export function methodNotAllowed(allowed: string[]) {
  return async (): Promise<Response> =>
    Response.json({ detail: `this endpoint accepts ${allowed.join(", ")} only` }, { status: 405, headers: { allow: allowed.join(", ") } });
}

/** Answers a /v1 path or method that does not exist. */
export function notAnEndpoint(): Response {
  return Response.json({ detail: "no such endpoint; see /v1/openapi.json" }, { status: 404 });
}
