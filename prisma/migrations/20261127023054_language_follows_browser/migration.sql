-- A language setting may be "never chosen" (null): the portal then follows the browser
-- (docs/i18n.md, "Which language a request gets"). New accounts no longer get English by default.
-- AlterTable
ALTER TABLE "User" ALTER COLUMN "language" DROP NOT NULL,
ALTER COLUMN "language" DROP DEFAULT;

-- Accounts that still hold the old default, English, and whose person never changed the language
-- (no "user.update_own" audit entry with a language change; the audit log is kept for good) never
-- chose it: they follow the browser from now on. Any other language was taken from the sign-up page
-- or chosen, and stays. Deleted accounts' languages are erased (null), as deletion does now.
UPDATE "User" AS u
SET "language" = NULL, "version" = u."version" + 1
WHERE u."language" = 'en'
  AND (
    u."deletedAt" IS NOT NULL
    OR NOT EXISTS (
      SELECT 1 FROM "AuditEntry" AS a
      WHERE a."action" = 'user.update_own'
        AND a."targetType" = 'user'
        AND a."targetId" = u."id"
        AND a."changes" -> 'language' IS NOT NULL
    )
  );
