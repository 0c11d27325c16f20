-- AlterTable
-- Issue 23, finding 3: a token carries the time of the sign-in it descends from. For tokens made
-- before, that time is unknown (a token minted from an old session or token had no recent sign-in
-- at all), so they get the Unix epoch: outside every re-authentication window. They keep working
-- for everything else; minting a token or changing two-factor sign-in with one needs the password
-- again (docs/security.md, "Re-authentication and credential changes").
ALTER TABLE "ApiToken" ADD COLUMN     "authenticatedAt" TIMESTAMPTZ(3);
UPDATE "ApiToken" SET "authenticatedAt" = TIMESTAMPTZ '1970-01-01 00:00:00+00';
ALTER TABLE "ApiToken" ALTER COLUMN "authenticatedAt" SET NOT NULL;
