import type { ReactNode } from "react";

/** A message above a page's content, announced to screen readers. */
export function Notice({ tone, children }: { tone: "ok" | "warn" | "error"; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
