// The one wrapper around every /v1 route handler (STYLE.md habit 1): resolve the caller, run
// the handler, turn any error into {detail} with the right status.
import { resolveCaller, type Caller } from "../auth/resolve-caller";
import { errorToResponse } from "../errors";

export interface ApiContext<P> {
  request: Request;
  caller: Caller;
  params: P;
}

export function withApi<P = Record<string, never>>(handler: (context: ApiContext<P>) => Promise<Response>) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      const caller = await resolveCaller(request.headers);
      const params = (await route?.params) ?? ({} as P);
      return await handler({ request, caller, params });
    } catch (error) {
      return errorToResponse(error);
    }
  };
}

/** Answers a /v1 path or method that does not exist. */
export function notAnEndpoint(): Response {
  return Response.json({ detail: "no such endpoint; see /v1/openapi.json" }, { status: 404 });
}
