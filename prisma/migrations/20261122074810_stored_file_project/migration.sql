-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "projectId" TEXT;

-- CreateIndex
CREATE INDEX "StoredFile_projectId_idx" ON "StoredFile"("projectId");
