-- DropIndex
DROP INDEX "DownloadClient_downloadId_lastSeenAt_idx";

-- The rows of the old hourly window only kept a client from counting twice within an hour; the
-- counts themselves stay on "Download". Without them "day" can be NOT NULL at once.
DELETE FROM "DownloadClient";

-- AlterTable
ALTER TABLE "DownloadClient" DROP CONSTRAINT "DownloadClient_pkey",
DROP COLUMN "lastSeenAt",
ADD COLUMN     "day" DATE NOT NULL,
ADD CONSTRAINT "DownloadClient_pkey" PRIMARY KEY ("downloadId", "clientKey", "day");

-- CreateIndex
CREATE INDEX "DownloadClient_day_idx" ON "DownloadClient"("day");
