// The one wrapper around the account page's POST route handlers: refuse
// cross-site requests, require a signed-in session, turn any error into {detail}.
import { findSessionUser, type SessionUser } from "../auth/session";
import { AppError, errorToResponse } from "../errors";
import { assertSameOrigin } from "../http/same-origin";

export interface AccountContext<P> {
  request: Request;
  user: SessionUser;
  params: P;
}

export function withAccount<P = Record<string, never>>(handler: (context: AccountContext<P>) => Promise<Response>) {
  return async (request: Request, route: { params: Promise<P> }): Promise<Response> => {
    try {
      assertSameOrigin(request);
      const user = await findSessionUser(request.headers);
      if (!user) throw new AppError("unauthorized", "sign in first");
      const params = (await route?.params) ?? ({} as P);
      return await handler({ request, user, params });
    } catch (error) {
      return errorToResponse(error);
    }
  };
}
