-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deletedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reservedUsernameKey" TEXT,
ADD COLUMN     "usernameReservedUntil" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "LoginEvent_createdAt_idx" ON "LoginEvent"("createdAt");

-- CreateIndex
CREATE INDEX "User_reservedUsernameKey_idx" ON "User"("reservedUsernameKey");

-- CreateIndex
CREATE INDEX "UserSession_expiresAt_idx" ON "UserSession"("expiresAt");

-- CreateIndex
CREATE INDEX "UserSession_revokedAt_idx" ON "UserSession"("revokedAt");
