// The words for a refused sign-in e-mail (lib/auth/sign-in-limit.ts), shared by the sign-in page
// (a redirect carries the code and the time) and the sign-in form (next-auth's client hands back
// only the code; the window is the UTC hour, so the time is the next full hour). No server
// imports: the form runs in the browser.

const REASONS: Record<string, string> = {
  TooManySignInEmailsFromClient: "Too many sign-in e-mails were asked for from your network in the last hour.",
  TooManySignInEmailsToAddress: "Too many sign-in e-mails were sent to this address in the last hour.",
};

export function isSignInLimitError(code: string | null | undefined): boolean {
  return Boolean(code && code in REASONS);
}

/** "Too many ... Try again after 14:00 UTC (in 23 minutes)."; null for other codes. */
export function signInLimitMessage(code: string | null | undefined, retryAt: Date | null, now = new Date()): string | null {
  if (!code || !(code in REASONS)) return null;
  let at = retryAt && !Number.isNaN(retryAt.getTime()) ? retryAt : null;
  if (!at) {
    at = new Date(now);
    at.setUTCMinutes(0, 0, 0);
    at.setUTCHours(at.getUTCHours() + 1);
  }
  const minutes = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
  return `${REASONS[code]} Try again after ${at.toISOString().slice(11, 16)} UTC (in ${minutes} minute${minutes === 1 ? "" : "s"}).`;
}
