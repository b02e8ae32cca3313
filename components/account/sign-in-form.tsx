"use client";
// The sign-in choices: an e-mail magic link, and GitHub when the server has it configured.
// next-auth's signIn() fetches its CSRF token and posts the form for us.
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { signInLimitMessage } from "@/lib/auth/sign-in-limit-message";

export function SignInForm({ callbackUrl, hasGithub }: { callbackUrl: string; hasGithub: boolean }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function sendLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    // On success next-auth navigates to the verify-request page; we only come back on failure.
    const answer = await signIn("email", { email, callbackUrl, redirect: false }).catch(() => undefined);
    if (answer?.ok && answer.url) {
      window.location.assign(answer.url);
      return;
    }
    setBusy(false);
    setProblem(signInLimitMessage(answer?.error, null) ?? "The sign-in link could not be sent. Check the address and try again.");
  }

  return (
    <div>
      <form onSubmit={sendLink} className="stack" aria-describedby={problem ? "sign-in-problem" : undefined}>
        <div>
          <label htmlFor="email">E-mail address</label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? "Sending…" : "Send me a sign-in link"}
        </button>
        {problem ? (
          <p id="sign-in-problem" role="alert" className="notice notice-error">
            {problem}
          </p>
        ) : null}
      </form>
      {hasGithub ? (
        <>
          <p className="divider">or</p>
          <button type="button" className="button button-secondary button-block" onClick={() => void signIn("github", { callbackUrl })}>
            Continue with GitHub
          </button>
        </>
      ) : null}
    </div>
  );
}
