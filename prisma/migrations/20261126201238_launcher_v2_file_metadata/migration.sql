-- AlterTable
ALTER TABLE "Download" ADD COLUMN     "contents" JSONB,
ADD COLUMN     "extract" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "installPath" TEXT,
ADD COLUMN     "platforms" TEXT[] DEFAULT ARRAY[]::TEXT[];
