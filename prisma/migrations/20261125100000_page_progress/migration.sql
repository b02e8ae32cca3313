-- AlterTable: per-job page progress for per-page limits and resume
ALTER TABLE "Job" ADD COLUMN     "pageInFlight" INTEGER,
ADD COLUMN     "crashedPage" INTEGER,
ADD COLUMN     "skippedPages" JSONB;
