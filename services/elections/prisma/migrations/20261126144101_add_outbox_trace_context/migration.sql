-- AlterTable
ALTER TABLE "outbox_event" ADD COLUMN     "trace_context" JSONB;
