-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "ReleaseState" ADD VALUE 'IN_REVIEW';
ALTER TYPE "ReleaseState" ADD VALUE 'REJECTED';

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "trustReason" TEXT,
ADD COLUMN     "trusted" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Release" ADD COLUMN     "submittedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "version" INTEGER;

-- CreateTable
CREATE TABLE "ReviewBaseline" (
    "projectId" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,
    "version" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "changedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ReviewBaseline_pkey" PRIMARY KEY ("projectId")
);

-- CreateTable
CREATE TABLE "ChangeAcknowledgement" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "internalNote" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChangeAcknowledgement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReleaseReview" (
    "id" TEXT NOT NULL,
    "releaseId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "decision" "ReviewDecision" NOT NULL,
    "checklist" JSONB NOT NULL,
    "publicReason" TEXT,
    "internalNote" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReleaseReview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReviewBaseline_changedAt_idx" ON "ReviewBaseline"("changedAt");

-- CreateIndex
CREATE INDEX "ChangeAcknowledgement_projectId_createdAt_idx" ON "ChangeAcknowledgement"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "ReleaseReview_releaseId_createdAt_idx" ON "ReleaseReview"("releaseId", "createdAt");

-- CreateIndex
CREATE INDEX "ReleaseReview_projectId_createdAt_idx" ON "ReleaseReview"("projectId", "createdAt");

-- CreateIndex
CREATE INDEX "Release_state_submittedAt_idx" ON "Release"("state", "submittedAt");

-- AddForeignKey
ALTER TABLE "ReviewBaseline" ADD CONSTRAINT "ReviewBaseline_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChangeAcknowledgement" ADD CONSTRAINT "ChangeAcknowledgement_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReleaseReview" ADD CONSTRAINT "ReleaseReview_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "Release"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReleaseReview" ADD CONSTRAINT "ReleaseReview_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
