import type { ReactNode } from "react";

export const metadata = {
  title: "pdftables: tables you can trust",
  description: "PDF in; tables, prose and figures out, every cell with its confidence and the readings behind it.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
