-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "parentTokenId" TEXT;

-- CreateIndex
CREATE INDEX "ApiToken_parentTokenId_idx" ON "ApiToken"("parentTokenId");

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_parentTokenId_fkey" FOREIGN KEY ("parentTokenId") REFERENCES "ApiToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;
