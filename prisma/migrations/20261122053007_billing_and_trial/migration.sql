-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "settledAt" TIMESTAMP(3),
ADD COLUMN     "trialDay" TEXT;

-- CreateTable
CREATE TABLE "TrialUsage" (
    "address" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "window" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrialUsage_pkey" PRIMARY KEY ("address","channel","window")
);

