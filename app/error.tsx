"use client";
// Any page that failed on the server (the database or the file store did not answer, a defect):
// a plain page in the site's frame instead of the framework's bare message. It shows no detail of
// the failure (no server path, key name or stack), only the reference Next.js gives the
// error (its digest), which is also in the server's log, so support can find it.
import { useEffect } from "react";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    document.title = "Something went wrong · pdftables";
  }, []);
  return (
    <main className="page page-narrow">
      <h1>Something went wrong</h1>
      <p>This page could not be shown just now. Please try again in a moment.</p>
      <p>
        <button type="button" className="button" onClick={() => reset()}>
          Try again
        </button>
      </p>
      <p>
        <a href="/">Upload a document</a> · <a href="/documents">Your documents</a> · <a href="/account">Your account</a>
      </p>
      {error.digest ? <p className="muted text-sm">If it keeps failing, give support this reference: {error.digest}</p> : null}
    </main>
  );
}
