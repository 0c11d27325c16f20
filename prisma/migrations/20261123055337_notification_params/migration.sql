-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "params" JSONB;
