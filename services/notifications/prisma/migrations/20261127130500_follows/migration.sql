-- AlterTable
ALTER TABLE "alert" ADD COLUMN     "document_id" UUID;

-- CreateTable
CREATE TABLE "document" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "follow" (
    "user_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "followed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "follow_pkey" PRIMARY KEY ("user_id","document_id")
);

-- CreateTable
CREATE TABLE "follow_preference" (
    "user_id" UUID NOT NULL,
    "edits" BOOLEAN NOT NULL DEFAULT true,
    "results" BOOLEAN NOT NULL DEFAULT true,
    "closing" BOOLEAN NOT NULL DEFAULT true,
    "digest" TEXT NOT NULL DEFAULT 'off',
    "digest_from" TIMESTAMPTZ(3),
    "next_digest_at" TIMESTAMPTZ(3),

    CONSTRAINT "follow_preference_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "alert_user_id_document_id_idx" ON "alert"("user_id", "document_id");

-- CreateIndex
CREATE INDEX "follow_document_id_idx" ON "follow"("document_id");

-- CreateIndex
CREATE INDEX "follow_user_id_followed_at_idx" ON "follow"("user_id", "followed_at");

-- CreateIndex
CREATE INDEX "follow_preference_next_digest_at_idx" ON "follow_preference"("next_digest_at");

-- AddForeignKey
ALTER TABLE "follow" ADD CONSTRAINT "follow_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "document"("id") ON DELETE CASCADE ON UPDATE CASCADE;
