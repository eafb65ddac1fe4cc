-- CreateIndex
CREATE INDEX "proposal_state_rank_pin_created_at_id_idx" ON "proposal"("state", "rank", "pin" DESC, "created_at", "id");

-- The laws lists (archive, laws board) read the newest first: pinned, then by archive or creation
-- date. An expression index Prisma's schema cannot declare, so it lives here only.
CREATE INDEX "law_list_order_idx" ON "law"("pin" DESC, (coalesce("archived_at", "created_at")) DESC) WHERE "deleted_at" IS NULL;
