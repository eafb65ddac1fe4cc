-- CreateTable
CREATE TABLE "text_version" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "text_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "change" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "editor_id" UUID NOT NULL,
    "reason" TEXT,
    "title" TEXT,
    "body" TEXT,
    "law_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "prev_hash" CHAR(64) NOT NULL,
    "hash" CHAR(64) NOT NULL,

    CONSTRAINT "text_version_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "law_seal" (
    "law_id" UUID NOT NULL,
    "sealed_at" TIMESTAMPTZ(3) NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "entries" JSONB NOT NULL,
    "outcomes" JSONB NOT NULL,

    CONSTRAINT "law_seal_pkey" PRIMARY KEY ("law_id")
);

-- CreateIndex
CREATE INDEX "text_version_law_id_idx" ON "text_version"("law_id");

-- CreateIndex
CREATE UNIQUE INDEX "text_version_text_id_seq_key" ON "text_version"("text_id", "seq");

-- Backfill: every text written before versions were kept gets its history (docs/text-chain.md#backfill).
-- Idempotent: only texts that have no version yet are written, so running it again changes nothing.
-- The hash is the one versionHash (packages/contracts/src/text-chain.ts) computes: SHA-256 of the UTF-8
-- of JSON.stringify(['civic-text-v1', kind, textId, seq, change, role, editorId, reason, title, body,
-- createdAt, prevHash]). to_json escapes a string exactly as JSON.stringify does, and the array is
-- joined by hand because json_build_array puts a space after each comma.
CREATE FUNCTION pg_temp.text_version_hash(
    kind TEXT, text_id UUID, seq INTEGER, change TEXT, role TEXT, editor_id UUID,
    reason TEXT, title TEXT, body TEXT, created_at TIMESTAMPTZ, prev_hash TEXT
) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    '["civic-text-v1",' || to_json(kind)::text || ',' || to_json(text_id::text)::text || ',' || seq::text || ','
      || to_json(change)::text || ',' || to_json(role)::text || ',' || to_json(editor_id::text)::text || ','
      || coalesce(to_json(reason)::text, 'null') || ',' || coalesce(to_json(title)::text, 'null') || ','
      || coalesce(to_json(body)::text, 'null') || ','
      || to_json(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text || ','
      || to_json(prev_hash)::text || ']',
    'UTF8')), 'hex')
$$;

-- The texts this run backfills, with what each version is made of, in chain order.
CREATE TEMPORARY TABLE "backfill" AS
SELECT * FROM (
    -- A proposal as submitted.
    SELECT 'proposal' AS kind, p.id AS text_id, 1 AS step, 'created' AS change, 'author' AS role, p.user_id AS editor_id,
           p.title, p.description AS body, NULL::uuid AS law_id, p.created_at
    FROM "proposal" p
    UNION ALL
    -- A law continues its proposal's chain (a law without its proposal starts one).
    SELECT 'law', l.id, 2, 'created', 'author', l.user_id, l.title, l.description, l.id, l.created_at
    FROM "law" l
    UNION ALL
    -- Groups keep no author: they are credited to the law's author.
    SELECT 'group', g.id, 1, 'created', 'author', l.user_id, g.name, NULL, g.law_id, g.created_at
    FROM "law_group" g JOIN "law" l ON l.id = g.law_id
    UNION ALL
    SELECT CASE WHEN a.parent_id IS NULL THEN 'article' ELSE 'amendment' END, a.id, 1, 'created', 'author', a.user_id,
           CASE WHEN a.parent_id IS NULL THEN NULL ELSE a.title END, a.body, a.law_id, a.created_at
    FROM "article" a
    UNION ALL
    -- Tombstones of deleted texts.
    SELECT 'proposal', p.id, 3, 'deleted', CASE WHEN p.deleted_by_moderator THEN 'moderator' ELSE 'author' END,
           coalesce(p.deleted_by, p.user_id), NULL, NULL, NULL, p.deleted_at
    FROM "proposal" p WHERE p.deleted_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "law" l WHERE l.id = p.id)
    UNION ALL
    SELECT 'law', l.id, 3, 'deleted', CASE WHEN coalesce(l.deleted_by, l.user_id) = l.user_id THEN 'author' ELSE 'moderator' END,
           coalesce(l.deleted_by, l.user_id), NULL, NULL, l.id, l.deleted_at
    FROM "law" l WHERE l.deleted_at IS NOT NULL
    UNION ALL
    SELECT 'group', g.id, 3, 'deleted', 'author', l.user_id, NULL, NULL, g.law_id, g.deleted_at
    FROM "law_group" g JOIN "law" l ON l.id = g.law_id WHERE g.deleted_at IS NOT NULL
    UNION ALL
    SELECT CASE WHEN a.parent_id IS NULL THEN 'article' ELSE 'amendment' END, a.id, 3, 'deleted',
           CASE WHEN coalesce(a.deleted_by, a.user_id) = a.user_id THEN 'author' ELSE 'moderator' END,
           coalesce(a.deleted_by, a.user_id), NULL, NULL, a.law_id, a.deleted_at
    FROM "article" a WHERE a.deleted_at IS NOT NULL
    UNION ALL
    -- An amendment goes with its deleted article: a tombstone of its own, by the same hand, at the same time.
    SELECT 'amendment', m.id, 3, 'deleted',
           CASE WHEN coalesce(a.deleted_by, a.user_id) <> a.user_id THEN 'moderator'
                WHEN coalesce(a.deleted_by, a.user_id) = m.user_id THEN 'author' ELSE 'creator' END,
           coalesce(a.deleted_by, a.user_id), NULL, NULL, m.law_id, a.deleted_at
    FROM "article" m JOIN "article" a ON a.id = m.parent_id
    WHERE a.deleted_at IS NOT NULL AND m.deleted_at IS NULL
) AS versions
WHERE NOT EXISTS (SELECT 1 FROM "text_version" v WHERE v.text_id = versions.text_id);

-- Each step after the versions written before it: its seq and previous hash follow the chain so far.
INSERT INTO "text_version" (id, kind, text_id, seq, change, role, editor_id, reason, title, body, law_id, created_at, prev_hash, hash)
SELECT gen_random_uuid(), b.kind, b.text_id, 1, b.change, b.role, b.editor_id, NULL, b.title, b.body, b.law_id, b.created_at, repeat('0', 64),
       pg_temp.text_version_hash(b.kind, b.text_id, 1, b.change, b.role, b.editor_id, NULL, b.title, b.body, b.created_at, repeat('0', 64))
FROM "backfill" b WHERE b.step = 1;

INSERT INTO "text_version" (id, kind, text_id, seq, change, role, editor_id, reason, title, body, law_id, created_at, prev_hash, hash)
SELECT gen_random_uuid(), b.kind, b.text_id, coalesce(last.seq, 0) + 1, b.change, b.role, b.editor_id, NULL, b.title, b.body, b.law_id, b.created_at,
       coalesce(last.hash, repeat('0', 64)),
       pg_temp.text_version_hash(b.kind, b.text_id, coalesce(last.seq, 0) + 1, b.change, b.role, b.editor_id, NULL, b.title, b.body, b.created_at,
                                 coalesce(last.hash, repeat('0', 64)))
FROM "backfill" b
LEFT JOIN LATERAL (SELECT v.seq, v.hash FROM "text_version" v WHERE v.text_id = b.text_id ORDER BY v.seq DESC LIMIT 1) last ON true
WHERE b.step = 2;

INSERT INTO "text_version" (id, kind, text_id, seq, change, role, editor_id, reason, title, body, law_id, created_at, prev_hash, hash)
SELECT gen_random_uuid(), last.kind, b.text_id, last.seq + 1, b.change, b.role, b.editor_id, NULL, NULL, NULL, last.law_id, b.created_at, last.hash,
       pg_temp.text_version_hash(last.kind, b.text_id, last.seq + 1, b.change, b.role, b.editor_id, NULL, NULL, NULL, b.created_at, last.hash)
FROM "backfill" b
JOIN LATERAL (SELECT v.kind, v.seq, v.hash, v.law_id FROM "text_version" v WHERE v.text_id = b.text_id ORDER BY v.seq DESC LIMIT 1) last ON true
WHERE b.step = 3;

-- So that the notifications service learns the existing proposals and laws members may follow: one
-- decisions.text.versioned event (TextVersioned, version 1) per backfilled text, for its last version.
INSERT INTO "outbox_event" (id, subject, version, payload, occurred_at)
SELECT gen_random_uuid(), 'decisions.text.versioned', 1,
       jsonb_build_object(
         'textKind', v.kind, 'textId', v.text_id, 'documentId', coalesce(v.law_id, v.text_id),
         'documentTitle', coalesce(l.title, p.title), 'lawId', v.law_id, 'seq', v.seq, 'change', v.change, 'role', v.role,
         'editorId', v.editor_id, 'hash', v.hash, 'at', to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
       now()
FROM (SELECT DISTINCT text_id FROM "backfill") b
JOIN LATERAL (SELECT * FROM "text_version" v WHERE v.text_id = b.text_id ORDER BY v.seq DESC LIMIT 1) v ON true
LEFT JOIN "law" l ON l.id = v.law_id
LEFT JOIN "proposal" p ON p.id = v.text_id
WHERE coalesce(l.title, p.title) IS NOT NULL;

DROP TABLE "backfill";
DROP FUNCTION pg_temp.text_version_hash;
