// GET /jobs/{id}/review - the side-by-side review page; the job's owner only (anyone else: 404),
// anonymous visitors are asked to sign in first
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import { Notice } from "@/components/ui/notice";
import { findSessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { readResultWithEdits } from "@/lib/jobs/job-view";
import { editVersions } from "@/lib/review/cell-edits";
import { getReviewJob } from "@/lib/review/find-review-job";
import { unlessDatabaseAway } from "@/components/ui/database-away";

export const dynamic = "force-dynamic";
export const metadata = { title: "Review · pdftables" };

export default function ReviewPage(props: { params: Promise<{ id: string }> }) {
  return unlessDatabaseAway(() => ReviewPageContent(props));
}

async function ReviewPageContent({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await findSessionUser(await headers());
  if (!user) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/jobs/${id}/review`)}`);
  const job = await getReviewJob(user.id, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  });

  let body;
  if (job.state !== "done") {
    body = (
      <Notice tone="warn">
        The extraction is not finished yet. <a href={`/jobs/${job.id}`}>Watch its progress</a>; the review opens once it is done.
      </Notice>
    );
  } else {
    const read = await readResultWithEdits(job.id).catch(() => null);
    body = read ? (
      <ReviewWorkspace
        jobId={job.id}
        tables={read.result.tables}
        pages={read.result.pages}
        sourcePages={read.result.source_pages}
        versions={editVersions(read.edits)}
        structure={read.structureVersion}
      />
    ) : (
      <Notice tone="error">The extraction finished but its result could not be read. Please upload the document again.</Notice>
    );
  }

  return (
    <main className="page" style={{ maxWidth: 1600, paddingTop: "0.75rem", paddingBottom: "1rem" }}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="m-0 break-words text-xl">Review: {job.fileName}</h1>
        <a href={`/jobs/${job.id}`}>Back to the result and downloads</a>
      </div>
      {body}
    </main>
  );
}
