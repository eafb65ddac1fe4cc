-- AlterTable
ALTER TABLE "citizen" ADD COLUMN     "moderator" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "suspended_until" TIMESTAMPTZ(3),
ADD COLUMN     "suspension_at" TIMESTAMPTZ(3),
ADD COLUMN     "user_name" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "cycle" (
    "id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "phase_started_at" TIMESTAMPTZ(3) NOT NULL,
    "phase_ends_at" TIMESTAMPTZ(3),
    "extensions" INTEGER NOT NULL DEFAULT 0,
    "seed" TEXT,
    "vote_closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cycle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal" (
    "id" UUID NOT NULL,
    "cycle_id" UUID NOT NULL,
    "voted_cycle_id" UUID,
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "moderation_status" SMALLINT NOT NULL DEFAULT 0,
    "pin" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by" UUID,
    "deleted_by_moderator" BOOLEAN NOT NULL DEFAULT false,
    "rank" INTEGER,
    "votes_for" INTEGER NOT NULL DEFAULT 0,
    "votes_against" INTEGER NOT NULL DEFAULT 0,
    "votes_neutral" INTEGER NOT NULL DEFAULT 0,
    "votes_blank" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "proposal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_vote" (
    "proposal_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "choice" TEXT NOT NULL,
    "previous" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "proposal_vote_pkey" PRIMARY KEY ("proposal_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cycle_number_key" ON "cycle"("number");

-- CreateIndex
CREATE INDEX "cycle_phase_idx" ON "cycle"("phase");

-- CreateIndex
CREATE INDEX "proposal_cycle_id_state_idx" ON "proposal"("cycle_id", "state");

-- CreateIndex
CREATE INDEX "proposal_voted_cycle_id_idx" ON "proposal"("voted_cycle_id");

-- CreateIndex
CREATE INDEX "proposal_user_id_submitted_at_idx" ON "proposal"("user_id", "submitted_at");

-- AddForeignKey
ALTER TABLE "proposal" ADD CONSTRAINT "proposal_cycle_id_fkey" FOREIGN KEY ("cycle_id") REFERENCES "cycle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_vote" ADD CONSTRAINT "proposal_vote_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposal"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
