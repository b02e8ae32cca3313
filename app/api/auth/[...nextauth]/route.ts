// GET|POST /api/auth/* - next-auth (sign-in, magic-link callback, sign-out, session, csrf). A
// request for a sign-in e-mail first passes the limits per client address and per recipient
// (lib/auth/sign-in-limit.ts); a refused one is answered as next-auth answers its own errors (a
// redirect to the sign-in page, or its JSON form for next-auth's client), with a code the page
// turns into "try again after HH:MM".
import NextAuth from "next-auth";
import { getAuthOptions, siteUrl } from "@/lib/auth/next-auth";
import { CLIENT_ADDRESS_HEADER } from "@/lib/auth/resolve-caller";
import { checkSignInEmail, SIGN_IN_LIMIT_ERRORS } from "@/lib/auth/sign-in-limit";
import { errorToResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  try {
    if (request.method === "POST" && new URL(request.url).pathname.endsWith("/signin/email")) {
      const refused = await refuseOverLimit(request);
      if (refused) return refused;
    }
    return (await NextAuth(request as never, context as never, getAuthOptions())) as Response;
  } catch (error) {
    return errorToResponse(error);
  }
}

async function refuseOverLimit(request: Request): Promise<Response | null> {
  const form = new URLSearchParams(await request.clone().text());
  const email = (form.get("email") ?? "").trim().toLowerCase();
  if (!email) return null; // next-auth refuses it itself
  const refusal = await checkSignInEmail(email, request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
  if (!refusal) return null;
  const url = `${siteUrl()}/sign-in?error=${SIGN_IN_LIMIT_ERRORS[refusal.reason]}&retryAt=${encodeURIComponent(refusal.retryAt.toISOString())}`;
  const retryAfter = String(Math.max(1, Math.ceil((refusal.retryAt.getTime() - Date.now()) / 1000)));
  // next-auth's client (signIn with redirect: false) posts json=true and reads {url}.
  if (form.get("json") === "true") return Response.json({ url }, { headers: { "retry-after": retryAfter } });
  return new Response(null, { status: 302, headers: { location: url, "retry-after": retryAfter } });
}

export { handler as GET, handler as POST };
