-- AlterTable
ALTER TABLE "room" ADD COLUMN     "slow_mode" TEXT NOT NULL DEFAULT 'auto',
ADD COLUMN     "slow_mode_interval_s" INTEGER;

-- CreateIndex
CREATE INDEX "message_room_id_user_id_created_at_idx" ON "message"("room_id", "user_id", "created_at");
