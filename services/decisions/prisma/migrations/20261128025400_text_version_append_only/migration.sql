-- The version history and the seals are append-only (docs/text-chain.md#append-only): a version,
-- once written, is never changed or removed, so rewriting a text's history before its seal needs
-- more than an UPDATE. Nothing in the service updates or deletes these rows: moderation hides a
-- text's words by the moderator's tombstone, a version of its own, read when the history is answered.
--
-- The triggers refuse UPDATE, DELETE and TRUNCATE for every role, the table's owner included. They are
-- the guard that holds wherever the service connects as the owner (tests, `pnpm start`); a superuser
-- or the owner can still disable them, and the close of a final vote verifies every chain before it
-- seals (a broken one is refused and reported), so a change made that way is still found.
CREATE FUNCTION "append_only_refused"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER "text_version_append_only" BEFORE UPDATE OR DELETE ON "text_version"
  FOR EACH ROW EXECUTE FUNCTION "append_only_refused"();
CREATE TRIGGER "text_version_no_truncate" BEFORE TRUNCATE ON "text_version"
  FOR EACH STATEMENT EXECUTE FUNCTION "append_only_refused"();
CREATE TRIGGER "law_seal_append_only" BEFORE UPDATE OR DELETE ON "law_seal"
  FOR EACH ROW EXECUTE FUNCTION "append_only_refused"();
CREATE TRIGGER "law_seal_no_truncate" BEFORE TRUNCATE ON "law_seal"
  FOR EACH STATEMENT EXECUTE FUNCTION "append_only_refused"();

-- Where a deployment gives the service a role of its own rather than the owner's, it gets no right to
-- change these rows from PUBLIC either.
REVOKE UPDATE, DELETE, TRUNCATE ON "text_version", "law_seal" FROM PUBLIC;
