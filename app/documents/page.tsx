// GET /documents - the signed-in account's documents, newest first. Documents this
// browser uploaded before signing in are claimed first, so they are listed too.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { formatTime, formatUsd } from "@/lib/account/format";
import { findDocuments } from "@/lib/account/documents";
import { findSessionUser } from "@/lib/auth/session";
import { formatFileSize } from "@/lib/format/file-size";
import { claimBrowserJobs } from "@/lib/jobs/claim-browser-jobs";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";
export const metadata = { title: "Your documents · pdftables" };

const STATUS_WORDS = { queued: "in progress", done: "done", failed: "failed" } as const;

export default function DocumentsPage() {
  return unlessDatabaseAway(() => DocumentsPageContent());
}

async function DocumentsPageContent() {
  const requestHeaders = await headers();
  const user = await findSessionUser(requestHeaders);
  if (!user) redirect("/sign-in?callbackUrl=%2Fdocuments");
  await claimBrowserJobs(user.id, requestHeaders);
  const documents = await findDocuments(user.id);

  return (
    <main className="page">
      <h1>Your documents</h1>
      {documents.length === 0 ? (
        <p>
          No documents yet. <a href="/">Upload a PDF</a> to extract its tables.
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Your documents, scrolls sideways">
          <table className="stacked" data-testid="documents">
            <caption className="visually-hidden">Your documents, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Uploaded</th>
                <th scope="col" className="num">
                  Size
                </th>
                <th scope="col" className="num">
                  Pages
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Cost
                </th>
                <th scope="col">Deleted after</th>
              </tr>
            </thead>
            <tbody>
              {documents.map((doc) => (
                <tr key={doc.id}>
                  <td data-label="Document" className="wrap">
                    <span>
                      <a href={`/jobs/${doc.id}`}>{doc.fileName}</a>
                      {doc.mode === "batch" ? <span className="muted"> (batch)</span> : null}
                      {doc.status === "done" ? (
                        <>
                          {" · "}
                          <a href={`/jobs/${doc.id}/review`} aria-label={`Review ${doc.fileName}`}>
                            Review
                          </a>
                        </>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Uploaded">{formatTime(doc.createdAt)}</td>
                  <td data-label="Size" className="num">
                    {formatFileSize(doc.fileBytes)}
                  </td>
                  <td data-label="Pages" className="num">
                    {doc.pages}
                  </td>
                  <td data-label="Status">{STATUS_WORDS[doc.status]}</td>
                  <td data-label="Cost" className="num">
                    {doc.onTrial ? "free (web trial)" : doc.costUsd === null ? "–" : formatUsd(doc.costUsd)}
                  </td>
                  <td data-label="Deleted after">{doc.deleteAt ? formatTime(doc.deleteAt) : "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
