-- AlterTable
ALTER TABLE "users" ADD COLUMN     "articles_created" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "chat_messages" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "great_wise_candidate_date" DATE,
ADD COLUMN     "laws_created" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en',
ADD COLUMN     "made_proposal" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "moderator" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "moderator_candidate_date" DATE,
ADD COLUMN     "registration_ip_hash" TEXT,
ADD COLUMN     "scribe" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scribe_candidate_date" DATE,
ADD COLUMN     "suspended_until" TIMESTAMPTZ(3),
ALTER COLUMN "email" DROP NOT NULL,
ALTER COLUMN "password_hash" DROP NOT NULL;

-- CreateTable
CREATE TABLE "session_family" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_reason" TEXT,

    CONSTRAINT "session_family_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_token" (
    "id" UUID NOT NULL,
    "family_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "refresh_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_token" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "new_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "user_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_failure" (
    "id" BIGSERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "login_failure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "applied_election" (
    "election_id" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "applied_election_pkey" PRIMARY KEY ("election_id")
);

-- CreateIndex
CREATE INDEX "session_family_user_id_idx" ON "session_family"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_token_token_hash_key" ON "refresh_token"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_token_family_id_idx" ON "refresh_token"("family_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_token_token_hash_key" ON "user_token"("token_hash");

-- CreateIndex
CREATE INDEX "user_token_user_id_purpose_idx" ON "user_token"("user_id", "purpose");

-- CreateIndex
CREATE INDEX "login_failure_scope_key_hash_created_at_idx" ON "login_failure"("scope", "key_hash", "created_at");

-- CreateIndex
CREATE INDEX "users_registration_ip_hash_created_at_idx" ON "users"("registration_ip_hash", "created_at");

-- AddForeignKey
ALTER TABLE "session_family" ADD CONSTRAINT "session_family_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "session_family"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_token" ADD CONSTRAINT "user_token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
