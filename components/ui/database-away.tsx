// The rare page whose database goes away while it renders (the front server asked just before:
// lib/ops/page-gate.ts). Next would answer such a render with its error page and a 500; this
// shows what is true instead: nothing is lost, try again in a few seconds.
import type { ReactNode } from "react";
import { isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/errors";
import { Notice } from "./notice";

export function DatabaseAway() {
  return (
    <main>
      <meta httpEquiv="refresh" content={String(DATABASE_RETRY_AFTER_SECONDS)} />
      <h1>Temporarily unavailable</h1>
      <Notice tone="warn">
        The service cannot reach its database right now. Your documents and results are safe; this page tries again in{" "}
        {DATABASE_RETRY_AFTER_SECONDS} seconds.
      </Notice>
    </main>
  );
}

/** Renders a page, or the notice above if the database went away under it. Anything else
 * (a bug, Next's own notFound and redirect signals) is thrown on as before. */
export async function unlessDatabaseAway(render: () => Promise<ReactNode>): Promise<ReactNode> {
  try {
    return await render();
  } catch (error) {
    if (isDatabaseUnavailable(error)) return <DatabaseAway />;
    throw error;
  }
}
