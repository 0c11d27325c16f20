-- Staff user search filters with `contains` on the username, the display name (case-insensitive)
-- and the e-mail address: LIKE / ILIKE '%…%', which a B-tree cannot answer. Trigram indexes make it
-- an index search at a million users. pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database's owner may create it without superuser rights. The embedded PGlite loads it too
-- (lib/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_usernameKey_trgm_idx" ON "User" USING GIN ("usernameKey" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_displayName_trgm_idx" ON "User" USING GIN ("displayName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);
