// Trial to customer: jobs uploaded anonymously from this browser, and not yet owned by anyone,
// become the signed-in account's. Runs on the way back from sign-in (app/(auth)/welcome) and when
// a signed-in visitor opens a job page, lists documents or opens the account page. After it, the
// job is an ordinary account job: reviewable by its owner, 404 for every other account.
// The trial pages it used stay counted on the address's trial (settlement refunds them there).
import { getDb } from "../db";
import { browserToken, browserTokenDigest } from "./browser-token";

interface HeaderReader {
  get(name: string): string | null;
}

/** Claims the browser's unowned jobs for `userId`; returns how many were claimed. */
export async function claimBrowserJobs(userId: string, headers: HeaderReader): Promise<number> {
  const token = browserToken(headers);
  if (!token) return 0;
  const claimed = await getDb().job.updateMany({
    where: { browserTokenDigest: browserTokenDigest(token), userId: null },
    data: { userId },
  });
  return claimed.count;
}
