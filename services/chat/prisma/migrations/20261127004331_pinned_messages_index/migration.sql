-- CreateIndex
CREATE INDEX "message_room_id_pin_seq_idx" ON "message"("room_id", "pin", "seq");
