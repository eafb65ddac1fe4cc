-- AlterTable
ALTER TABLE "member" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "moderator" BOOLEAN,
ADD COLUMN     "suspended_until" TIMESTAMPTZ(3),
ADD COLUMN     "suspension_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "cycle" (
    "cycle_id" UUID NOT NULL,
    "phase_index" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cycle_pkey" PRIMARY KEY ("cycle_id")
);

-- CreateTable
CREATE TABLE "room" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "cycle_id" UUID NOT NULL,
    "law_id" UUID,
    "title" TEXT,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "room_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "room_id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "reply_to_id" UUID,
    "pin" BOOLEAN NOT NULL DEFAULT false,
    "hide_in_chat" BOOLEAN NOT NULL DEFAULT false,
    "moderation_status" SMALLINT NOT NULL DEFAULT 0,
    "signalled_by" UUID,
    "signalled_at" TIMESTAMPTZ(3),
    "edited_at" TIMESTAMPTZ(3),
    "edited_by_moderator" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by" UUID,
    "deleted_by_moderator" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mute" (
    "user_id" UUID NOT NULL,
    "muted_user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mute_pkey" PRIMARY KEY ("user_id","muted_user_id")
);

-- CreateIndex
CREATE INDEX "room_cycle_id_idx" ON "room"("cycle_id");

-- CreateIndex
CREATE UNIQUE INDEX "message_seq_key" ON "message"("seq");

-- CreateIndex
CREATE INDEX "message_room_id_seq_idx" ON "message"("room_id", "seq");

-- CreateIndex
CREATE INDEX "message_moderation_status_deleted_at_idx" ON "message"("moderation_status", "deleted_at");

-- CreateIndex
CREATE INDEX "mute_created_at_muted_user_id_idx" ON "mute"("created_at", "muted_user_id");

-- AddForeignKey
ALTER TABLE "message" ADD CONSTRAINT "message_room_id_fkey" FOREIGN KEY ("room_id") REFERENCES "room"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
