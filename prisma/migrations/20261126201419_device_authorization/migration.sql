-- CreateEnum
CREATE TYPE "DeviceAuthorizationStatus" AS ENUM ('PENDING', 'APPROVED', 'DENIED', 'USED');

-- CreateTable
CREATE TABLE "DeviceAuthorization" (
    "id" TEXT NOT NULL,
    "deviceCodeHash" TEXT NOT NULL,
    "userCodeHash" TEXT NOT NULL,
    "clientName" TEXT NOT NULL,
    "scopes" TEXT[],
    "status" "DeviceAuthorizationStatus" NOT NULL DEFAULT 'PENDING',
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "interval" INTEGER NOT NULL,
    "lastPolledAt" TIMESTAMPTZ(3),
    "startedIp" TEXT,
    "userId" TEXT,
    "decidedAt" TIMESTAMPTZ(3),
    "sessionId" TEXT,
    "authenticatedAt" TIMESTAMPTZ(3),
    "grantedScopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tokenId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeviceAuthorization_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DeviceAuthorization_deviceCodeHash_key" ON "DeviceAuthorization"("deviceCodeHash");

-- CreateIndex
CREATE UNIQUE INDEX "DeviceAuthorization_userCodeHash_key" ON "DeviceAuthorization"("userCodeHash");

-- CreateIndex
CREATE INDEX "DeviceAuthorization_expiresAt_idx" ON "DeviceAuthorization"("expiresAt");

-- CreateIndex
CREATE INDEX "DeviceAuthorization_userId_idx" ON "DeviceAuthorization"("userId");

-- AddForeignKey
ALTER TABLE "DeviceAuthorization" ADD CONSTRAINT "DeviceAuthorization_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
