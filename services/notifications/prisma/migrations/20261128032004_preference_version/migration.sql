-- AlterTable
ALTER TABLE "follow_preference" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;
