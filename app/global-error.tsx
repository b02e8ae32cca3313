"use client";
// The last resort: the root layout itself failed (it reads the session on every page), so this
// page brings its own <html> and <body>. Same words as app/error.tsx, without the site's frame.
import "@/components/ui/globals.css";
import "@/components/ui/tailwind.css";

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong · pdftables</title>
      </head>
      <body>
        <main className="page page-narrow">
          <h1>Something went wrong</h1>
          <p>This page could not be shown just now. Please try again in a moment.</p>
          <p>
            <a href="/">Try the home page</a>
          </p>
          {error.digest ? <p className="muted text-sm">If it keeps failing, give support this reference: {error.digest}</p> : null}
        </main>
      </body>
    </html>
  );
}
