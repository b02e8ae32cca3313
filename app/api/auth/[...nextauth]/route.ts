// GET|POST /api/auth/* - next-auth (sign-in, magic-link callback, sign-out, session, csrf)
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  return (await NextAuth(request as never, context as never, getAuthOptions())) as Response;
}

export { handler as GET, handler as POST };
