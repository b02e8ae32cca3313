// GET /welcome?next=PATH - where sign-in lands: the documents this browser uploaded anonymously
// become the new account's (lib/jobs/claim-browser-jobs.ts), then on to where the visitor was
// going. A GET with a side effect, deliberately: it only ever moves this browser's own unowned
// jobs to the account signed in on this browser, so a cross-site link to it can do no harm.
import { safeCallbackPath } from "@/components/account/safe-callback";
import { findSessionUser } from "@/lib/auth/session";
import { claimBrowserJobs } from "@/lib/jobs/claim-browser-jobs";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const next = safeCallbackPath(new URL(request.url).searchParams.get("next") ?? undefined, "/documents");
  const user = await findSessionUser(request.headers);
  if (user) await claimBrowserJobs(user.id, request.headers);
  return new Response(null, { status: 303, headers: { location: next, "cache-control": "no-store" } });
}
