-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "snapshot" JSONB;
