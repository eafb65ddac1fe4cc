-- DropIndex
DROP INDEX "candidate_vote_candidate_to_month_candidate_id_idx";

-- CreateIndex
CREATE INDEX "candidate_vote_candidate_to_month_candidate_id_vote_idx" ON "candidate_vote"("candidate_to", "month", "candidate_id", "vote");
