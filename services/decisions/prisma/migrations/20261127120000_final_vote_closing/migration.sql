-- AlterTable
ALTER TABLE "cycle" ADD COLUMN     "closing_notice_at" TIMESTAMPTZ(3);
