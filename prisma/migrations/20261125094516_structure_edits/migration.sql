-- AlterTable
ALTER TABLE "ReviewEdit" ADD COLUMN "structureVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "StructureEdit" (
    "id" TEXT NOT NULL,
    "jobId" TEXT NOT NULL,
    "userId" TEXT,
    "version" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "op" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StructureEdit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StructureEdit_jobId_version_key" ON "StructureEdit"("jobId", "version");

-- AddForeignKey
ALTER TABLE "StructureEdit" ADD CONSTRAINT "StructureEdit_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StructureEdit" ADD CONSTRAINT "StructureEdit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
