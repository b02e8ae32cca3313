"use client";
// How far the review is: the cells of the queue still to check, out of the queue's length, and how
// many of them are settled (the queue keeps its members for the visit: lib/review/session-queue.ts;
// "left to check" is the count lib/review/queue.ts gives the result page too), and the answer to
// the last action; a refusal because someone else changed something offers the reload it asks for.
/** `about`: the cell reference the message is about; it is cleared when the selection moves. */
export type ReviewMessage = { tone: "ok" | "warn" | "error"; text: string; about?: string | null };

export function ReviewStatus({ remaining, queued, message }: { remaining: number; queued: number; message: ReviewMessage | null }) {
  const settled = queued - remaining;
  return (
    <>
      <p
        className="m-0 text-lg font-semibold"
        data-testid="remaining"
        data-count={remaining}
        data-queued={queued}
        data-settled={settled}
        aria-live="polite"
      >
        {remaining === 0 ? "Nothing left to check" : `${remaining} cell${remaining === 1 ? "" : "s"} left to check`}
        <span className="muted text-base font-normal">
          {" "}
          of {queued} in the queue{settled > 0 ? ` · ${settled} of ${queued} settled` : ""}
        </span>
      </p>
      {message ? (
        <p
          className={`notice notice-${message.tone} m-0`}
          role={message.tone === "error" ? "alert" : "status"}
          data-testid="review-message"
        >
          {message.text}
          {message.tone === "error" && /reload the page/.test(message.text) ? (
            <>
              {" "}
              <a href="">Reload the page</a>
            </>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
