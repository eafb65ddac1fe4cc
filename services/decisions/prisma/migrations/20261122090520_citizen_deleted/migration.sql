-- AlterTable
ALTER TABLE "citizen" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);
