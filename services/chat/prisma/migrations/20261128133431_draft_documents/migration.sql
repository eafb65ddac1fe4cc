-- CreateTable
CREATE TABLE "law_creator" (
    "law_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "law_creator_pkey" PRIMARY KEY ("law_id","user_id")
);

-- CreateTable
CREATE TABLE "draft_document" (
    "text_id" UUID NOT NULL,
    "law_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "base_body" TEXT NOT NULL,
    "settled_seq" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "draft_document_pkey" PRIMARY KEY ("text_id")
);

-- CreateTable
CREATE TABLE "draft_update" (
    "seq" BIGSERIAL NOT NULL,
    "text_id" UUID NOT NULL,
    "user_id" UUID,
    "data" BYTEA NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "draft_update_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE INDEX "draft_document_law_id_idx" ON "draft_document"("law_id");

-- CreateIndex
CREATE INDEX "draft_update_text_id_seq_idx" ON "draft_update"("text_id", "seq");

-- AddForeignKey
ALTER TABLE "draft_update" ADD CONSTRAINT "draft_update_text_id_fkey" FOREIGN KEY ("text_id") REFERENCES "draft_document"("text_id") ON DELETE CASCADE ON UPDATE CASCADE;
