-- AlterTable
ALTER TABLE "message" ADD COLUMN     "client_message_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "message_user_id_client_message_id_key" ON "message"("user_id", "client_message_id");
