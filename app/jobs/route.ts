// POST /jobs - the web uploader's submission: like POST /v1/parse, but an anonymous visitor's
// pages count against the web trial (10 pages a day, apart from the API's), a
// signed-in visitor whose balance does not cover the document keeps that trial, and it answers
// only requests sent by this site's own pages. An anonymous upload marks the browser with a
// token cookie, so the account that signs in from it later takes the job over.
import { assertSameOrigin } from "@/lib/http/same-origin";
import { getEnv } from "@/lib/env";
import { siteUrl } from "@/lib/auth/next-auth";
import { withApi } from "@/lib/http/with-api";
import { browserToken, browserTokenCookie, browserTokenDigest, newBrowserToken } from "@/lib/jobs/browser-token";
import { summarizeJob } from "@/lib/jobs/job-view";
import { submitJob } from "@/lib/jobs/submit-job";
import { receiveUpload } from "@/lib/upload/receive-upload";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withApi(async ({ request, caller }) => {
  assertSameOrigin(request);
  const upload = await receiveUpload(request, getEnv().MAX_UPLOAD_BYTES);
  const existing = browserToken(request.headers);
  const token = caller.kind === "anonymous" ? (existing ?? newBrowserToken()) : null;
  const job = await submitJob({ caller, upload, channel: "web", browserTokenDigest: token ? browserTokenDigest(token) : null });
  const view = summarizeJob(job);
  const response = Response.json({ id: view.id, status: view.status, pages: view.pages, url: `/jobs/${view.id}` }, { status: 202 });
  if (token && token !== existing) response.headers.append("set-cookie", browserTokenCookie(token, siteUrl().startsWith("https:")));
  return response;
});
