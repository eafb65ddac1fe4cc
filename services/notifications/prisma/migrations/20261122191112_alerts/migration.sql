-- AlterTable
ALTER TABLE "member" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ALTER COLUMN "user_name" SET DEFAULT '',
ALTER COLUMN "registered_at" SET DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "alert" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "message_key" TEXT NOT NULL,
    "params" JSONB NOT NULL DEFAULT '{}',
    "link" TEXT,
    "viewed" SMALLINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "unread_counter" (
    "user_id" UUID NOT NULL,
    "unread" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "unread_counter_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "alert_user_id_id_idx" ON "alert"("user_id", "id");

-- CreateIndex
CREATE INDEX "member_deleted_at_idx" ON "member"("deleted_at");

-- Unread counters follow every change of `alert`, whatever statement makes it (a consumer, the API,
-- a bulk INSERT ... SELECT): one statement-level trigger per operation reads the changed rows from
-- its transition tables and moves each user's counter once. Users are taken in id order so that two
-- bulk statements lock counters in the same order and never deadlock.
CREATE FUNCTION "alert_count_inserted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO "unread_counter" AS c ("user_id", "unread")
  SELECT "user_id", count(*)::int FROM new_rows WHERE "viewed" = 0 GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "unread" = c."unread" + EXCLUDED."unread";
  RETURN NULL;
END $$;

CREATE FUNCTION "alert_count_updated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO "unread_counter" AS c ("user_id", "unread")
  SELECT "user_id", sum(delta)::int FROM (
    SELECT "user_id", CASE WHEN "viewed" = 0 THEN 1 ELSE 0 END AS delta FROM new_rows
    UNION ALL
    SELECT "user_id", CASE WHEN "viewed" = 0 THEN -1 ELSE 0 END FROM old_rows
  ) AS changes GROUP BY "user_id" HAVING sum(delta) <> 0 ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "unread" = GREATEST(c."unread" + EXCLUDED."unread", 0);
  RETURN NULL;
END $$;

CREATE FUNCTION "alert_count_deleted"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE "unread_counter" AS c SET "unread" = GREATEST(c."unread" - gone.n, 0)
  FROM (SELECT "user_id", count(*)::int AS n FROM old_rows WHERE "viewed" = 0 GROUP BY "user_id" ORDER BY "user_id") AS gone
  WHERE c."user_id" = gone."user_id";
  RETURN NULL;
END $$;

CREATE TRIGGER "alert_count_inserted" AFTER INSERT ON "alert" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_count_inserted"();
CREATE TRIGGER "alert_count_updated" AFTER UPDATE ON "alert" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_count_updated"();
CREATE TRIGGER "alert_count_deleted" AFTER DELETE ON "alert" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_count_deleted"();
