import type { ReactNode } from "react";
import "@/components/ui/globals.css";
import "@/components/ui/tailwind.css";

export const metadata = {
  title: "pdftables: tables you can trust",
  description: "PDF in; tables, prose and figures out, every cell with its confidence and the readings behind it.",
};

export const viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {/* No session lookup here: that would make every page dynamic. /account sends visitors
            who are not signed in to the sign-in page. */}
        <header className="site-header">
          <nav aria-label="Site">
            <a className="brand" href="/">
              pdftables
            </a>
            <a href="/v1/openapi.json">API</a>
            <a href="/account">Account</a>
          </nav>
        </header>
        {children}
      </body>
    </html>
  );
}
