-- CreateTable
CREATE TABLE "draft_writer" (
    "text_id" UUID NOT NULL,
    "client_id" BIGINT NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "draft_writer_pkey" PRIMARY KEY ("text_id","client_id")
);

-- AddForeignKey
ALTER TABLE "draft_writer" ADD CONSTRAINT "draft_writer_text_id_fkey" FOREIGN KEY ("text_id") REFERENCES "draft_document"("text_id") ON DELETE CASCADE ON UPDATE CASCADE;
