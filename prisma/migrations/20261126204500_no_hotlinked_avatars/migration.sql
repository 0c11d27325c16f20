-- Avatars are uploaded and served by us from now on (lib/users/avatar.ts): a picture on another host
-- sent every visitor's address there. Links to other hosts are dropped; their owners see their
-- initials until they upload a picture (docs/privacy.md).
UPDATE "User" SET "avatarUrl" = NULL, "version" = "version" + 1 WHERE "avatarUrl" IS NOT NULL AND "avatarUrl" NOT LIKE '/api/v1/users/%';
