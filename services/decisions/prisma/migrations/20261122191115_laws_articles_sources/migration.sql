-- AlterTable
ALTER TABLE "citizen" ADD COLUMN     "scribe" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "creator_draw" (
    "cycle_id" UUID NOT NULL,
    "seed" TEXT NOT NULL,
    "eligible" UUID[],
    "drawn_at" TIMESTAMPTZ(3) NOT NULL,
    "per_law" INTEGER NOT NULL,

    CONSTRAINT "creator_draw_pkey" PRIMARY KEY ("cycle_id")
);

-- CreateTable
CREATE TABLE "law" (
    "id" UUID NOT NULL,
    "cycle_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "moderation_status" SMALLINT NOT NULL DEFAULT 0,
    "scribe_status" SMALLINT NOT NULL DEFAULT 0,
    "pin" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by" UUID,
    "voters" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "archived_at" TIMESTAMPTZ(3),

    CONSTRAINT "law_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "law_creator" (
    "law_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "law_creator_pkey" PRIMARY KEY ("law_id","user_id")
);

-- CreateTable
CREATE TABLE "law_group" (
    "id" UUID NOT NULL,
    "law_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "law_group_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "article" (
    "id" UUID NOT NULL,
    "law_id" UUID NOT NULL,
    "group_id" UUID,
    "parent_id" UUID,
    "user_id" UUID NOT NULL,
    "title" TEXT,
    "body" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "moderation_status" SMALLINT NOT NULL DEFAULT 0,
    "scribe_status" SMALLINT NOT NULL DEFAULT 0,
    "pin" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by" UUID,
    "votes_for" INTEGER NOT NULL DEFAULT 0,
    "votes_against" INTEGER NOT NULL DEFAULT 0,
    "votes_neutral" INTEGER NOT NULL DEFAULT 0,
    "votes_blank" INTEGER NOT NULL DEFAULT 0,
    "winner" BOOLEAN,
    "adopted" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "article_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "article_vote" (
    "article_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "choice" TEXT NOT NULL,
    "previous" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "article_vote_pkey" PRIMARY KEY ("article_id","user_id")
);

-- CreateTable
CREATE TABLE "source" (
    "id" UUID NOT NULL,
    "law_id" UUID NOT NULL,
    "target_kind" TEXT NOT NULL,
    "target_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" SMALLINT NOT NULL,
    "title" TEXT NOT NULL,
    "author" TEXT,
    "publisher" TEXT,
    "publication_date" TEXT,
    "url" TEXT,
    "access_date" TEXT,
    "volume" TEXT,
    "issue" TEXT,
    "pages" TEXT,
    "periodical_title" TEXT,
    "article_title" TEXT,
    "director" TEXT,
    "production_company" TEXT,
    "release_year" INTEGER,
    "description" TEXT,
    "frequency" SMALLINT,
    "pin" BOOLEAN NOT NULL DEFAULT false,
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "law_cycle_id_idx" ON "law"("cycle_id");

-- CreateIndex
CREATE INDEX "law_state_idx" ON "law"("state");

-- CreateIndex
CREATE INDEX "law_creator_user_id_idx" ON "law_creator"("user_id");

-- CreateIndex
CREATE INDEX "law_group_law_id_idx" ON "law_group"("law_id");

-- CreateIndex
CREATE INDEX "article_law_id_idx" ON "article"("law_id");

-- CreateIndex
CREATE INDEX "article_parent_id_idx" ON "article"("parent_id");

-- CreateIndex
CREATE INDEX "source_law_id_idx" ON "source"("law_id");

-- CreateIndex
CREATE INDEX "source_target_id_idx" ON "source"("target_id");

-- AddForeignKey
ALTER TABLE "law_creator" ADD CONSTRAINT "law_creator_law_id_fkey" FOREIGN KEY ("law_id") REFERENCES "law"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "law_group" ADD CONSTRAINT "law_group_law_id_fkey" FOREIGN KEY ("law_id") REFERENCES "law"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "article" ADD CONSTRAINT "article_law_id_fkey" FOREIGN KEY ("law_id") REFERENCES "law"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "article_vote" ADD CONSTRAINT "article_vote_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
