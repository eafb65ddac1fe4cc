// What the votes benchmarks share: a cycle in its vote with proposals and verified members seeded
// straight into the decisions schema, their access-token cookies, and a client that casts votes.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';

const choices = ['for', 'against', 'neutral', 'blank'];

/**
 * Seeds a cycle in its vote with `proposalCount` proposals, one cycle open for proposals, and
 * `memberCount` verified members; answers the proposal ids and one access-token cookie per member.
 */
export async function seedVoting(sql, tokens, { memberCount, proposalCount }) {
  const now = new Date();
  const far = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  const voting = randomUUID();
  await sql.query(
    `INSERT INTO decisions.cycle (id, number, phase, phase_started_at, phase_ends_at, created_at) VALUES
     ($1, 1, 'voting', $3, $4, $3), ($2, 2, 'proposals', $3, $4, $3)`,
    [voting, randomUUID(), now, far],
  );
  const members = Array.from({ length: memberCount }, () => randomUUID());
  await sql.query(
    `INSERT INTO decisions.citizen (user_id, registered_at, verified_at, user_name)
     SELECT id, $2, $2, 'Member' FROM unnest($1::uuid[]) AS id`,
    [members, now],
  );
  const proposals = Array.from({ length: proposalCount }, () => randomUUID());
  await sql.query(
    `INSERT INTO decisions.proposal (id, cycle_id, user_id, title, description, category, state, created_at, updated_at, submitted_at)
     SELECT id, $2, $3, 'A proposal', 'A proposal in the vote.', 'other', 'in-vote', $4, $4, $4 FROM unnest($1::uuid[]) AS id`,
    [proposals, voting, members[0], now],
  );
  const cookies = await Promise.all(members.map(async (id) => `access_token=${await tokens.sign({ id, verified: true }, '1h')}`));
  return { proposals, cookies };
}

/** A client of `connections` keep-alive connections whose task casts one vote (a member, a proposal, a choice). */
export function voter(origin, { proposals, cookies }, connections) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const task = async (worker, iteration) => {
    const member = (iteration * 7 + worker) % cookies.length;
    const proposal = proposals[iteration % proposals.length];
    const { statusCode, body } = await pool.request({
      path: `/api/proposals/${proposal}/vote`,
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: cookies[member] },
      body: JSON.stringify({ vote: choices[(iteration + worker) % 4] }),
    });
    await body.dump();
    return statusCode === 200;
  };
  return { task, close: () => pool.close() };
}

/** Counter columns that differ from the vote rows (0 when every vote was counted once). */
export async function mismatchedCounters(sql) {
  const { rows } = await sql.query(
    `SELECT count(*)::int AS mismatched FROM decisions.proposal p
     LEFT JOIN (
       SELECT proposal_id, count(*) FILTER (WHERE choice = 'for')::int AS f, count(*) FILTER (WHERE choice = 'against')::int AS a,
              count(*) FILTER (WHERE choice = 'neutral')::int AS n, count(*) FILTER (WHERE choice = 'blank')::int AS b
       FROM decisions.proposal_vote GROUP BY proposal_id
     ) v ON v.proposal_id = p.id
     WHERE p.votes_for <> coalesce(v.f, 0) OR p.votes_against <> coalesce(v.a, 0) OR p.votes_neutral <> coalesce(v.n, 0) OR p.votes_blank <> coalesce(v.b, 0)`,
  );
  return rows[0].mismatched;
}
