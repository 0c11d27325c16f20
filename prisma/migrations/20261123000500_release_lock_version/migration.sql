-- AlterTable
ALTER TABLE "Release" ADD COLUMN     "lockVersion" INTEGER NOT NULL DEFAULT 1;
