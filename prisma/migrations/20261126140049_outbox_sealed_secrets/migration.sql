-- AlterTable
ALTER TABLE "OutboxMail" ADD COLUMN     "secretExpiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "secretSealed" TEXT;

-- CreateIndex
CREATE INDEX "OutboxMail_createdAt_idx" ON "OutboxMail"("createdAt");

-- Mail queued before this migration holds its reset and verification links in plain text: withhold
-- the token in every stored body, and give up on such mail not sent yet (its link is gone; the user
-- asks for a new one).
UPDATE "OutboxMail"
SET "body" = regexp_replace("body", '(token=)[A-Za-z0-9_%.~-]+', '\1{{withheld}}', 'g'),
    "html" = regexp_replace("html", '(token=)[A-Za-z0-9_%.~-]+', '\1{{withheld}}', 'g')
WHERE "body" LIKE '%token=%' OR "html" LIKE '%token=%';

UPDATE "OutboxMail"
SET "failedAt" = CURRENT_TIMESTAMP, "lastError" = 'Not sent: queued before links were sealed, its link was withheld.'
WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "body" LIKE '%{{withheld}}%';
