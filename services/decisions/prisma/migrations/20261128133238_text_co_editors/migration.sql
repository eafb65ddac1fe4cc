-- A version written live by several creators names the others who typed in it, and its hash commits to
-- them (docs/text-chain.md#hashing-a-version). Every version already written, and every one written
-- otherwise, has none ('{}'), which keeps the form its hash was computed with, so every chain written
-- before still verifies. Adding a column with a constant default rewrites no row, so the append-only
-- triggers of text_version (20261128025400_text_version_append_only) are not involved.
-- AlterTable
ALTER TABLE "text_version" ADD COLUMN     "co_editors" UUID[] DEFAULT ARRAY[]::UUID[];
