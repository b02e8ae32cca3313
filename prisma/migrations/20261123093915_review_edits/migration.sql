-- CreateTable
CREATE TABLE "ReviewEdit" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "userId" TEXT,
    "cellRef" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReviewEdit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReviewEdit_jobId_createdAt_idx" ON "ReviewEdit"("jobId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewEdit_jobId_cellRef_version_key" ON "ReviewEdit"("jobId", "cellRef", "version");

-- AddForeignKey
ALTER TABLE "ReviewEdit" ADD CONSTRAINT "ReviewEdit_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReviewEdit" ADD CONSTRAINT "ReviewEdit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

