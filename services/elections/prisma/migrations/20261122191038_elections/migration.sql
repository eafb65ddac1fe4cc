-- AlterTable
ALTER TABLE "member" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3),
ADD COLUMN     "moderator" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "scribe" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "suspended_until" TIMESTAMPTZ(3),
ADD COLUMN     "suspension_at" TIMESTAMPTZ(3),
ADD COLUMN     "verified_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "candidacy" (
    "user_id" UUID NOT NULL,
    "candidate_to" SMALLINT NOT NULL,
    "month" DATE NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "candidacy_pkey" PRIMARY KEY ("user_id","candidate_to","month")
);

-- CreateTable
CREATE TABLE "candidate_vote" (
    "voter_id" UUID NOT NULL,
    "candidate_id" UUID NOT NULL,
    "candidate_to" SMALLINT NOT NULL,
    "month" DATE NOT NULL,
    "vote" SMALLINT NOT NULL,
    "voted_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "candidate_vote_pkey" PRIMARY KEY ("voter_id","candidate_id","candidate_to","month")
);

-- CreateTable
CREATE TABLE "election" (
    "id" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "candidacy_month" DATE NOT NULL,
    "scheduled_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3) NOT NULL,
    "seats" JSONB NOT NULL,
    "voters" INTEGER NOT NULL,

    CONSTRAINT "election_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "election_result" (
    "election_id" UUID NOT NULL,
    "candidate_to" SMALLINT NOT NULL,
    "user_id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "total_votes" INTEGER NOT NULL,
    "votes_for" INTEGER NOT NULL,
    "votes_against" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "elected" BOOLEAN NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "election_result_pkey" PRIMARY KEY ("election_id","candidate_to","user_id")
);

-- CreateIndex
CREATE INDEX "candidacy_candidate_to_month_idx" ON "candidacy"("candidate_to", "month");

-- CreateIndex
CREATE INDEX "candidate_vote_candidate_to_month_candidate_id_idx" ON "candidate_vote"("candidate_to", "month", "candidate_id");

-- CreateIndex
CREATE UNIQUE INDEX "election_month_key" ON "election"("month");

-- CreateIndex
CREATE UNIQUE INDEX "election_candidacy_month_key" ON "election"("candidacy_month");

-- CreateIndex
CREATE INDEX "election_result_user_id_idx" ON "election_result"("user_id");

-- AddForeignKey
ALTER TABLE "election_result" ADD CONSTRAINT "election_result_election_id_fkey" FOREIGN KEY ("election_id") REFERENCES "election"("id") ON DELETE CASCADE ON UPDATE CASCADE;
