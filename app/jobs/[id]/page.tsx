// GET /jobs/{id} - a job's page: live progress while it runs, with each page as it finishes, then
// its result. Visible to whoever
// may poll it through the API (its owner; for an anonymous job, whoever holds the id).
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { JobProgress } from "@/components/result/job-progress";
import { ResultView } from "@/components/result/result-view";
import { Notice } from "@/components/ui/notice";
import { CLIENT_ADDRESS_HEADER, type Caller } from "@/lib/auth/resolve-caller";
import { findSessionUser } from "@/lib/auth/session";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { claimBrowserJobs } from "@/lib/jobs/claim-browser-jobs";
import { getJobFor } from "@/lib/jobs/find-job";
import { readFinishedPages } from "@/lib/jobs/finished-pages";
import { readResult } from "@/lib/jobs/job-view";
import { stageForPeople } from "@/lib/jobs/progress-estimate";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";
export const metadata = { title: "Extraction · pdftables" };

export default function JobPage(props: { params: Promise<{ id: string }> }) {
  return unlessDatabaseAway(() => JobPageContent(props));
}

async function JobPageContent({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const requestHeaders = await headers();
  const user = await findSessionUser(requestHeaders);
  const address = requestHeaders.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  const caller: Caller = user ? { kind: "session", userId: user.id, address } : { kind: "anonymous", address };
  // Trial to customer: this browser's anonymous uploads become the signed-in account's.
  if (user) await claimBrowserJobs(user.id, requestHeaders);
  const job = await getJobFor(caller, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });

  let body;
  // A spreadsheet's values come from the file (docs/input-formats.md): it has no text layer to miss.
  let fromSheets = false;
  if (job.state === "done") {
    const result = await readResult(job.id).catch(() => null);
    fromSheets = result !== null && result.tables.length > 0 && result.tables.every((table) => table.sheet !== undefined);
    body = result ? (
      <ResultView
        jobId={job.id}
        fileName={job.fileName}
        result={result}
        review={{ href: job.userId ? `/jobs/${job.id}/review` : null }}
        deleteAt={job.finishedAt ? new Date(job.finishedAt.getTime() + getEnv().RETENTION_SECONDS * 1000) : null}
      />
    ) : (
      <Notice tone="error">The extraction finished but its result could not be read. Please upload the document again.</Notice>
    );
  } else if (job.state === "failed") {
    body = (
      <Notice tone="error">
        <strong>The extraction failed.</strong> {job.detail ?? "Please upload the document again."} <a href="/">Upload a document</a>
      </Notice>
    );
  } else {
    // The pages finished so far are in the first answer, so a reload shows them at once.
    const finished = await readFinishedPages(job.id).catch(() => ({ pages: [] }));
    body = (
      <JobProgress
        jobId={job.id}
        initialStage={stageForPeople(job.stage, job.textLayer)}
        createdAt={job.createdAt.toISOString()}
        pages={job.pages}
        initialFinished={finished.pages}
      />
    );
  }

  return (
    <main className="page">
      <h1 className="break-words">{job.fileName}</h1>
      <p className="muted -mt-3">
        {job.pages} page{job.pages === 1 ? "" : "s"}
        {job.mode === "batch" ? " · batch mode" : ""}
        {job.textLayer ? "" : fromSheets ? " · spreadsheet: values read from the file" : " · no text layer (scanned): fewer cross-checks"}
      </p>
      {body}
    </main>
  );
}
