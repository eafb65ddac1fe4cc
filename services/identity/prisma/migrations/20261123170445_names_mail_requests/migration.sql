-- users.user_name_key holds each live account's name as compared for uniqueness. Its value comes from
-- the service's own normalisation (src/domain/user-name.ts), which SQL cannot reproduce: the service
-- gives the existing accounts theirs at start.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "user_name_key" TEXT;

-- CreateTable
CREATE TABLE "mail_request" (
    "id" BIGSERIAL NOT NULL,
    "purpose" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mail_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mail_request_purpose_scope_key_hash_created_at_idx" ON "mail_request"("purpose", "scope", "key_hash", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "users_user_name_key_key" ON "users"("user_name_key");
