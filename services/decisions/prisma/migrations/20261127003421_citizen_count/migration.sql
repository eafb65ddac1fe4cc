-- CreateTable
CREATE TABLE "citizen_count" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "registered" INTEGER NOT NULL DEFAULT 0,
    "verified" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "citizen_count_pkey" PRIMARY KEY ("id")
);

-- The one row starts from the citizens already there.
INSERT INTO "citizen_count" ("id", "registered", "verified")
SELECT 1, count(*) FILTER (WHERE "deleted_at" IS NULL)::int, count(*) FILTER (WHERE "deleted_at" IS NULL AND "verified_at" IS NOT NULL)::int
FROM "citizen";

-- The counts follow every change of `citizen`, whatever statement makes it (a consumer, a bulk
-- INSERT ... SELECT): one statement-level trigger per operation adds what its transition tables
-- changed, in one update of the one row.
CREATE FUNCTION "citizen_count_changed"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  registered_delta int := 0;
  verified_delta int := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT registered_delta + count(*) FILTER (WHERE "deleted_at" IS NULL), verified_delta + count(*) FILTER (WHERE "deleted_at" IS NULL AND "verified_at" IS NOT NULL)
    INTO registered_delta, verified_delta FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT registered_delta - count(*) FILTER (WHERE "deleted_at" IS NULL), verified_delta - count(*) FILTER (WHERE "deleted_at" IS NULL AND "verified_at" IS NOT NULL)
    INTO registered_delta, verified_delta FROM old_rows;
  END IF;
  IF registered_delta <> 0 OR verified_delta <> 0 THEN
    INSERT INTO "citizen_count" AS c ("id", "registered", "verified") VALUES (1, registered_delta, verified_delta)
    ON CONFLICT ("id") DO UPDATE SET "registered" = c."registered" + EXCLUDED."registered", "verified" = c."verified" + EXCLUDED."verified";
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "citizen_count_truncated"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE "citizen_count" SET "registered" = 0, "verified" = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "citizen_count_inserted" AFTER INSERT ON "citizen" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "citizen_count_changed"();
CREATE TRIGGER "citizen_count_updated" AFTER UPDATE ON "citizen" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "citizen_count_changed"();
CREATE TRIGGER "citizen_count_deleted" AFTER DELETE ON "citizen" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "citizen_count_changed"();
CREATE TRIGGER "citizen_count_truncated" AFTER TRUNCATE ON "citizen"
  FOR EACH STATEMENT EXECUTE FUNCTION "citizen_count_truncated"();
