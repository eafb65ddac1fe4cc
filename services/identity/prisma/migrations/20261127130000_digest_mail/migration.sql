-- CreateTable
CREATE TABLE "digest_mail" (
    "digest_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "digest_mail_pkey" PRIMARY KEY ("digest_id")
);
