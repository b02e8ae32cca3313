import type { ReactNode } from "react";
import { headers } from "next/headers";
import { SignOutButton } from "@/components/account/sign-out-button";
import "@/components/ui/globals.css";
import "@/components/ui/tailwind.css";
import { findSessionUser } from "@/lib/auth/session";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";

export const metadata = {
  title: "pdftables: tables you can trust",
  description: "PDF in; tables, prose and figures out, every cell with its confidence and the readings behind it.",
};

export const viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Who is signed in, on every page ("nothing shows that you are signed in"). One
  // indexed lookup of the session cookie; every page of the site is rendered per request anyway.
  // A database gone away under the render shows the site signed out around the page's own notice
  // (components/ui/database-away.tsx) rather than an error page.
  const user = await findSessionUser(await headers()).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  });
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <nav aria-label="Site">
            <a className="brand" href="/">
              pdftables
            </a>
            {user ? <a href="/documents">Your documents</a> : null}
            <a href="/api-reference">API</a>
            <a href="/account">Account</a>
            {user ? (
              <span className="site-user" data-testid="signed-in-as">
                <span className="site-user-name">
                  Signed in as <strong>{user.email ?? user.name ?? "you"}</strong>
                </span>
                <SignOutButton compact />
              </span>
            ) : (
              <a href="/sign-in" data-testid="sign-in-link">
                Sign in
              </a>
            )}
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}
