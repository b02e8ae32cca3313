import type { ReactNode } from "react";
import { headers } from "next/headers";
import { SignOutButton } from "@/components/account/sign-out-button";
import "@/components/ui/globals.css";
import "@/components/ui/tailwind.css";
import { findSessionUser } from "@/lib/auth/session";

export const metadata = {
  title: "pdftables: tables you can trust",
  description: "PDF in; tables, prose and figures out, every cell with its confidence and the readings behind it.",
};

export const viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Who is signed in, on every page ("nothing shows that you are signed in"). One
  // indexed lookup of the session cookie; every page of the site is rendered per request anyway.
  const user = await findSessionUser(await headers());
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
