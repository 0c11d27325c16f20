-- Staff user search filters with `contains` on the username, the display name (case-insensitive)
-- and the e-mail address, the project search (directory and staff) on a project's name and
-- description: LIKE / ILIKE '%…%', which a B-tree cannot answer. Trigram indexes make them index
-- searches at a million users and 100,000 projects. pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database's owner may create it without superuser rights. The embedded PGlite loads it too
-- (lib/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "User_usernameKey_trgm_idx" ON "User" USING GIN ("usernameKey" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_displayName_trgm_idx" ON "User" USING GIN ("displayName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "User_email_trgm_idx" ON "User" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Project_name_trgm_idx" ON "Project" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Project_description_trgm_idx" ON "Project" USING GIN ("description" gin_trgm_ops);
