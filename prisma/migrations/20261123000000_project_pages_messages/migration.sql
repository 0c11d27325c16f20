-- AlterTable
ALTER TABLE "ProjectMessage" ALTER COLUMN "authorId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "ProjectPage" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AddForeignKey
ALTER TABLE "ProjectMessage" ADD CONSTRAINT "ProjectMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
