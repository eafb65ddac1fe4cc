-- Search of proposals and archived laws (docs/product.md#search): PostgreSQL full-text search over
-- accent-folded text, in French and English, kept by the database itself so that rows written by any
-- statement (a command, a bulk INSERT ... SELECT) are searchable. No extension is needed: managed
-- PostgreSQL may refuse CREATE EXTENSION, so accents are folded with translate() here, and the words
-- typed are folded the same way by the service (src/domain/search-query.ts).

-- Lower case without accents: "Écologie" and "ecologie" index the same words. Both cases are mapped
-- explicitly because lower() leaves accented capitals alone under the C locale.
CREATE FUNCTION "search_fold"(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(translate(
    replace(replace(replace(replace(replace(input, 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'),
    'àáâãäåāăąçćčďèéêëēĕėęěìíîïīĭįıñńňòóôõöøōŏőùúûüūŭůűųýÿźżžÀÁÂÃÄÅĀĂĄÇĆČĎÈÉÊËĒĔĖĘĚÌÍÎÏĪĬĮÑŃŇÒÓÔÕÖØŌŎŐÙÚÛÜŪŬŮŰŲÝŸŹŻŽİ’',
    'aaaaaaaaacccdeeeeeeeeeiiiiiiiinnnooooooooouuuuuuuuuyyzzzaaaaaaaaacccdeeeeeeeeeiiiiiiinnnooooooooouuuuuuuuuyyzzzi'''
  ))
$$;

-- The searched document: the title weighs more (A) than the description (B); each in both languages'
-- stemming, so "vélos" finds "velo" and "bicycles" finds "bicycle" whichever language was written.
CREATE FUNCTION "search_document"(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT AS $$
  SELECT setweight(to_tsvector('french'::regconfig, search_fold(coalesce(title, ''))) || to_tsvector('english'::regconfig, search_fold(coalesce(title, ''))), 'A')
      || setweight(to_tsvector('french'::regconfig, search_fold(coalesce(body, ''))) || to_tsvector('english'::regconfig, search_fold(coalesce(body, ''))), 'B')
$$;

CREATE FUNCTION "proposal_search_filled"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW."search_vector" := search_document(NEW."title", NEW."description");
  RETURN NEW;
END $$;

CREATE FUNCTION "law_search_filled"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW."search_vector" := search_document(NEW."title", NEW."description");
  RETURN NEW;
END $$;

-- AlterTable
ALTER TABLE "proposal" ADD COLUMN "search_vector" tsvector;

-- AlterTable
ALTER TABLE "law" ADD COLUMN "search_vector" tsvector;

CREATE TRIGGER "proposal_search_filled" BEFORE INSERT OR UPDATE OF "title", "description" ON "proposal"
  FOR EACH ROW EXECUTE FUNCTION "proposal_search_filled"();
CREATE TRIGGER "law_search_filled" BEFORE INSERT OR UPDATE OF "title", "description" ON "law"
  FOR EACH ROW EXECUTE FUNCTION "law_search_filled"();

-- The rows already there.
UPDATE "proposal" SET "search_vector" = search_document("title", "description");
UPDATE "law" SET "search_vector" = search_document("title", "description");

-- CreateIndex
CREATE INDEX "proposal_search_vector_idx" ON "proposal" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "law_search_vector_idx" ON "law" USING GIN ("search_vector");
