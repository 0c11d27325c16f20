-- CreateTable
CREATE TABLE "DownloadClient" (
    "downloadId" TEXT NOT NULL,
    "clientKey" TEXT NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DownloadClient_pkey" PRIMARY KEY ("downloadId","clientKey")
);

-- CreateIndex
CREATE INDEX "DownloadClient_downloadId_lastSeenAt_idx" ON "DownloadClient"("downloadId", "lastSeenAt");

-- AddForeignKey
ALTER TABLE "DownloadClient" ADD CONSTRAINT "DownloadClient_downloadId_fkey" FOREIGN KEY ("downloadId") REFERENCES "Download"("id") ON DELETE CASCADE ON UPDATE CASCADE;
