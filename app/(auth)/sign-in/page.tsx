// GET /sign-in - e-mail magic link or GitHub; the first sign-in creates the account
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { SignInForm } from "@/components/account/sign-in-form";
import { safeCallbackPath } from "@/components/account/safe-callback";
import { Notice } from "@/components/ui/notice";
import { isGithubEnabled } from "@/lib/auth/next-auth";
import { signInLimitMessage } from "@/lib/auth/sign-in-limit-message";
import { findSessionUser } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · pdftables" };

/** next-auth's error codes (its ?error= values) in words. */
const ERRORS: Record<string, string> = {
  Verification: "That sign-in link has expired or was already used. Ask for a new one.",
  OAuthAccountNotLinked: "That e-mail address already has an account. Sign in with the e-mail link instead.",
  EmailSignin: "The sign-in link could not be sent. Try again in a moment.",
  AccessDenied: "Sign-in was refused.",
};

export default function SignInPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return unlessDatabaseAway(() => SignInPageContent(props));
}

async function SignInPageContent({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackPath(query.callbackUrl);
  if (await findSessionUser(await headers())) redirect(callbackUrl);
  const errorCode = typeof query.error === "string" ? query.error : null;
  const retryAt = typeof query.retryAt === "string" ? new Date(query.retryAt) : null;
  const limited = signInLimitMessage(errorCode, retryAt);
  return (
    <main className="page page-narrow">
      <h1>Sign in</h1>
      {errorCode ? <Notice tone="error">{limited ?? ERRORS[errorCode] ?? "Sign-in did not work. Please try again."}</Notice> : null}
      <div className="card">
        <p className="muted" style={{ marginTop: 0 }}>
          We send you a link; no password. Your account is created the first time you sign in.
        </p>
        {/* Through /welcome, which hands this browser's anonymous uploads to the account. */}
        <SignInForm callbackUrl={`/welcome?next=${encodeURIComponent(callbackUrl)}`} hasGithub={isGithubEnabled()} />
      </div>
      <p className="muted">
        {`Without an account you can try the site free (${getEnv().WEB_TRIAL_PAGES_PER_DAY} pages a day) and the API (${getEnv().TRIAL_PAGES_PER_DAY} pages a day, no key needed).`}{" "}
        Documents you upload before signing in become yours when you sign in from the same browser.
      </p>
    </main>
  );
}
