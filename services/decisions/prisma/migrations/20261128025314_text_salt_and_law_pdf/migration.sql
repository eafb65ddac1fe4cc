-- Each new version's hash commits to a random salt (docs/text-chain.md#hashing-a-version). The
-- versions already written get '' meaning "hashed the first way, without a salt", so their chains
-- still verify; the service writes a salt with every new version. The default stays for writers
-- that predate salts (the backfill of 20261127100000_text_versions), which hash the first way.
-- AlterTable
ALTER TABLE "text_version" ADD COLUMN     "salt" TEXT NOT NULL DEFAULT '';

-- Archived laws' PDFs, rendered once per version of the law and language (docs/product.md#archive).
-- CreateTable
CREATE TABLE "law_pdf" (
    "law_id" UUID NOT NULL,
    "version" CHAR(64) NOT NULL,
    "locale" TEXT NOT NULL,
    "etag" TEXT NOT NULL,
    "pdf" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "law_pdf_pkey" PRIMARY KEY ("law_id","version","locale")
);
