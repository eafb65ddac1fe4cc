-- AlterTable
ALTER TABLE "member" ADD COLUMN     "broadcasts_from" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "broadcasts_seen" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "broadcast_alert" (
    "id" BIGINT NOT NULL,
    "seq" BIGINT NOT NULL,
    "message_key" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "link" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "broadcast_alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "broadcast_total" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "total" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "broadcast_total_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "broadcast_mark" (
    "user_id" UUID NOT NULL,
    "broadcast_seq" BIGINT NOT NULL,
    "viewed" BOOLEAN NOT NULL DEFAULT false,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "broadcast_mark_pkey" PRIMARY KEY ("user_id","broadcast_seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "broadcast_alert_seq_key" ON "broadcast_alert"("seq");

-- AddForeignKey
ALTER TABLE "broadcast_mark" ADD CONSTRAINT "broadcast_mark_broadcast_seq_fkey" FOREIGN KEY ("broadcast_seq") REFERENCES "broadcast_alert"("seq") ON DELETE CASCADE ON UPDATE CASCADE;

-- Alerts for everyone are one `broadcast_alert` row per event (services/notifications/README.md).
-- The per-member copies written before this migration stay as they are, ordinary alerts of their members.

-- The one row of the broadcasts' total.
ALTER TABLE "broadcast_total" ADD CONSTRAINT "broadcast_total_one_row" CHECK ("id" = 1);
INSERT INTO "broadcast_total" ("id", "total") VALUES (1, 0);

-- A member inserted now (a registration, or any first event about them) gets the alerts for everyone
-- written from now on, none of those before: both watermarks start at the current total. Members
-- present before this migration start at 0, which is the total now.
CREATE FUNCTION "member_broadcasts_from"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  SELECT "total" INTO NEW."broadcasts_from" FROM "broadcast_total" WHERE "id" = 1;
  NEW."broadcasts_from" := COALESCE(NEW."broadcasts_from", 0);
  NEW."broadcasts_seen" := NEW."broadcasts_from";
  RETURN NEW;
END $$;

CREATE TRIGGER "member_broadcasts_from" BEFORE INSERT ON "member"
  FOR EACH ROW EXECUTE FUNCTION "member_broadcasts_from"();
