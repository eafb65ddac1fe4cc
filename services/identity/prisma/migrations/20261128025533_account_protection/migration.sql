-- users.user_name_key_version says which rule made user_name_key: the keys of rule 1 (a short table of
-- lookalikes) are made again by the service at start with rule 2 (Unicode's confusable skeletons and
-- accent folding, src/domain/user-name.ts), which SQL cannot reproduce. The default 1 also marks the
-- keys that replicas of the previous version write during a rolling update.
-- users.password_reset_required: set when an email change is undone (log in again after a reset).
-- known_login_address: where each account logged in from, as keyed hashes (login limits).
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "password_reset_required" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "user_name_key_version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "known_login_address" (
    "user_id" UUID NOT NULL,
    "ip_hash" TEXT NOT NULL,
    "last_login_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "known_login_address_pkey" PRIMARY KEY ("user_id","ip_hash")
);

-- CreateIndex
CREATE INDEX "known_login_address_last_login_at_idx" ON "known_login_address"("last_login_at");

-- AddForeignKey
ALTER TABLE "known_login_address" ADD CONSTRAINT "known_login_address_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
