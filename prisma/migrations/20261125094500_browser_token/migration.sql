-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "browserTokenDigest" TEXT;

-- CreateIndex
CREATE INDEX "Job_browserTokenDigest_idx" ON "Job"("browserTokenDigest");
