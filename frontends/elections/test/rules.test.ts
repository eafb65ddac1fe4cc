import { createIntl } from 'react-intl';
import { ErrorMessages, liveTopics, openElectionId, candidacyMonthOfElectionId, isLiveTopic, type Candidate, type CandidateVote, type SessionUser } from '@civic/contracts';
import { ApiError } from '@civic/frontend-kit/api-client';
import { formatDuration } from '@civic/frontend-kit/duration';
import { secondsUntil } from '@civic/frontend-kit/remote-hooks';
import { electionsApi } from '../src/api/elections.js';
import { applyVote, candidacyFailure, candidatesOfRole, formatDay, monthChangeDelayMs, monthChangeSpreadMs, isNotFound, isStanding, monthDate, noMay, voteFor, withReadMay, withVote } from '../src/rules.js';
import { durationUnits } from '../src/ui/ElectionCountdown.js';
import { frenchOf } from '@civic/frontend-kit/french';

/** A catalogue as a JSON module (dynamic import: the attribute survives the swc transform). */
async function catalog(locale: 'en' | 'fr'): Promise<Record<string, string>> {
  const module = (await import(new URL(`../src/i18n/${locale}.json`, import.meta.url).href, { with: { type: 'json' } })) as { default: Record<string, string> };
  return module.default;
}
const catalogs = { en: await catalog('en'), fr: await catalog('fr') };
const intl = (locale: 'en' | 'fr') => createIntl({ locale, messages: catalogs[locale] });

const candidate = (id: string, votesFor: number, votesAgainst: number, appliedAt: string): Candidate => ({
  id,
  userName: id,
  moderator: false,
  scribe: false,
  moderatorCandidateDate: '2026-11-01',
  scribeCandidateDate: null,
  greatWiseCandidateDate: null,
  candidateTo: 1,
  votesFor,
  votesAgainst,
  totalVotes: votesFor - votesAgainst,
  appliedAt,
});

describe('the elections screens rules', () => {
  it("knows whether the user stands this month from the role's candidate date", () => {
    const user = { moderatorCandidateDate: '2026-11-01', scribeCandidateDate: '2026-10-01', greatWiseCandidateDate: null } as Pick<
      SessionUser,
      'moderatorCandidateDate' | 'scribeCandidateDate' | 'greatWiseCandidateDate'
    >;
    expect(isStanding(user, 1, '2026-11-01')).toBe(true);
    expect(isStanding(user, 2, '2026-11-01')).toBe(false); // last month's candidacy is over
    expect(isStanding(user, 3, '2026-11-01')).toBe(false);
    expect(isStanding(null, 1, '2026-11-01')).toBe(false);
  });

  it("finds the user's vote for a candidate in a role", () => {
    const votes = [
      { vote: 1 as const, candidateId: 'a', userId: 'me', candidateTo: 1 as const },
      { vote: -1 as const, candidateId: 'a', userId: 'me', candidateTo: 3 as const },
    ];
    expect(voteFor(votes, 'a', 1)).toBe(1);
    expect(voteFor(votes, 'a', 3)).toBe(-1);
    expect(voteFor(votes, 'a', 2)).toBe(0);
    expect(voteFor([], 'b', 1)).toBe(0);
  });

  it("moves a candidate's totals at once when the user's vote changes, best first, ties to the earlier candidacy", () => {
    const list = [candidate('a', 2, 0, '2026-11-02T00:00:00Z'), candidate('b', 1, 0, '2026-11-01T00:00:00Z')];
    const replaced = applyVote(list, 'b', 0, 1);
    expect(replaced.map((c) => [c.id, c.totalVotes])).toEqual([
      ['b', 2],
      ['a', 2],
    ]);
    const flipped = applyVote(replaced, 'b', 1, -1);
    expect(flipped.map((c) => [c.id, c.votesFor, c.votesAgainst, c.totalVotes])).toEqual([
      ['a', 2, 0, 2],
      ['b', 1, 1, 0],
    ]);
    expect(applyVote(flipped, 'b', -1, 0).find((c) => c.id === 'b')!.totalVotes).toBe(1);
  });

  it("shows the user's new vote at once, replacing or taking back the one in that role only", () => {
    const votes: CandidateVote[] = [
      { vote: 1, candidateId: 'a', userId: 'me', candidateTo: 1 },
      { vote: -1, candidateId: 'a', userId: 'me', candidateTo: 3 },
    ];
    const replaced = withVote(votes, 'me', 'a', 1, -1);
    expect(voteFor(replaced, 'a', 1)).toBe(-1);
    expect(voteFor(replaced, 'a', 3)).toBe(-1);
    expect(replaced).toHaveLength(2);
    const takenBack = withVote(replaced, 'me', 'a', 1, 0);
    expect(voteFor(takenBack, 'a', 1)).toBe(0);
    expect(takenBack).toEqual([{ vote: -1, candidateId: 'a', userId: 'me', candidateTo: 3 }]);
    expect(withVote([], 'me', 'b', 2, 1)).toEqual([{ vote: 1, candidateId: 'b', userId: 'me', candidateTo: 2 }]);
    expect(votes).toHaveLength(2); // the list it started from is left as it was
  });

  it('counts down on the server clock', () => {
    const receivedAt = Date.parse('2026-11-30T22:59:00Z') - 5000; // the browser runs 5 s late
    expect(secondsUntil('2026-11-30T23:00:00Z', '2026-11-30T22:59:00Z', receivedAt, receivedAt)).toBe(60);
    expect(secondsUntil('2026-11-30T23:00:00Z', '2026-11-30T22:59:00Z', receivedAt, receivedAt + 90_000)).toBe(0);
    expect(secondsUntil('not a date', '2026-11-30T22:59:00Z', receivedAt, receivedAt)).toBeNull();
    expect(monthDate('2026-12').toISOString()).toBe('2026-12-15T00:00:00.000Z');
  });
});

describe('what every elections screen shows for a failed load', () => {
  it('shows the 404 page for what the API does not know, and the load error for anything else', () => {
    expect(isNotFound(new ApiError(404, ErrorMessages.notFound))).toBe(true);
    expect(isNotFound(new ApiError(400, ErrorMessages.badRequest))).toBe(false);
    expect(isNotFound(new ApiError(500, ErrorMessages.internalServerError))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });

  it('finds no election for an id that cannot be one, without asking the API', async () => {
    const realFetch = globalThis.fetch;
    const asked: unknown[] = [];
    globalThis.fetch = (async (...args: unknown[]) => {
      asked.push(args);
      return new Response('{}');
    }) as typeof fetch;
    try {
      for (const id of ['nope', '12', 'x'.repeat(300), '00000000-0000-4000-8000-00000000000']) {
        const failure: unknown = await electionsApi.election(id).catch((error: unknown) => error);
        expect([id, isNotFound(failure)]).toEqual([id, true]);
      }
      expect(asked).toEqual([]);
      await electionsApi.election('00000000-0000-4000-8000-000000000000');
      expect(asked).toHaveLength(1);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe("standing without a user ('No user')", () => {
  const noUser = { statusCode: 401, statusMessage: 'No user', key: 'noUser' };

  it('fails without calling anyone when no user is known', async () => {
    const calls: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: unknown[]) => {
      calls.push(args);
      return new Response('{}');
    }) as typeof fetch;
    try {
      for (const user of [null, undefined]) {
        await expect(electionsApi.setCandidacy(user, 1, '2026-11-01')).rejects.toMatchObject(noUser);
        await expect(electionsApi.setCandidacy(user, 2, null)).rejects.toMatchObject(noUser);
      }
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls).toEqual([]);
  });

  it("reports a session that is gone as 'No user', and other failures as they are", () => {
    expect(candidacyFailure(new ApiError(401, ErrorMessages.unauthorized))).toMatchObject(noUser);
    const refused = new ApiError(403, ErrorMessages.unauthorizedAction);
    expect(candidacyFailure(refused)).toBe(refused);
    const offline = new TypeError('offline');
    expect(candidacyFailure(offline)).toBe(offline);
  });
});

describe('the texts of the elections screens', () => {
  const firstOfDecember = '2026-11-30T23:00:00.000Z'; // 1 December 2026, 00:00 in Paris
  const paris = { timeZone: 'Europe/Paris' } as const;

  it('writes the first day of a month "1er" in French, and any other day as Intl does', () => {
    expect(formatDay(intl('fr'), firstOfDecember, { ...paris, readerTimeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'short' })).toBe('mardi 1er décembre 2026 à 00:00');
    // A reader elsewhere is told the zone; English times have no leading zero.
    expect(formatDay(intl('fr'), firstOfDecember, { ...paris, readerTimeZone: 'America/New_York', dateStyle: 'full', timeStyle: 'short' })).toBe('mardi 1er décembre 2026 à 00:00 (heure de Paris)');
    expect(formatDay(intl('en'), firstOfDecember, { ...paris, readerTimeZone: 'UTC', dateStyle: 'long', timeStyle: 'short' })).toMatch(/^1 December 2026 at 12:00[\s\u202f]AM \(Paris time\)$/u);
    expect(formatDay(intl('fr'), firstOfDecember, { ...paris, dateStyle: 'long' })).toBe('1er décembre 2026');
    expect(formatDay(intl('fr'), '2026-12-11T10:00:00.000Z', { ...paris, dateStyle: 'long' })).toBe('11 décembre 2026');
    expect(formatDay(intl('fr'), firstOfDecember, { ...paris, dateStyle: 'short' })).toBe('01/12/2026');
    expect(formatDay(intl('en'), firstOfDecember, { ...paris, dateStyle: 'long' })).toBe('1 December 2026');
  });

  it('says how long until the election closes in one sentence per language', () => {
    const left = 3 * 86_400 + 4 * 3600 + 12 * 60;
    const sentence = (locale: 'en' | 'fr') => intl(locale).formatMessage({ id: 'elections.countdown.closesIn' }, { time: formatDuration(intl(locale), left, durationUnits) });
    expect(sentence('en')).toBe('The election closes in 3\u00a0days 4\u00a0h 12\u00a0min.');
    expect(sentence('fr')).toBe('L’élection sera close dans 3\u00a0jours 4\u00a0h 12\u00a0min.');
    expect(formatDuration(intl('fr'), 86_400 + 5, durationUnits)).toBe('1\u00a0jour 0\u00a0h 0\u00a0min');
  });

  it('counts voters and candidacies in words that agree with the number', () => {
    const item = (locale: 'en' | 'fr', voters: number, candidates: number) =>
      intl(locale).formatMessage({ id: 'elections.past.item' }, { voters, candidates, office: locale === 'fr' ? 'avril 2027' : 'April 2027', ofOffice: frenchOf('avril 2027') });
    expect(item('en', 1, 1)).toBe('officials for April 2027: 1 voter, 1 candidacy');
    expect(item('en', 2, 1200)).toBe('officials for April 2027: 2 voters, 1,200 candidacies');
    expect(item('fr', 0, 1)).toBe('responsables d’avril 2027\u202f: 0 personne a voté, 1 candidature');
    expect(item('fr', 2, 1200)).toBe('responsables d’avril 2027\u202f: 2 personnes ont voté, 1\u202f200 candidatures');
  });

  it('elides "de" before a vowel in French: d’Alice, d’avril, de Bob', () => {
    expect(frenchOf('Alice')).toBe('d’Alice');
    expect(frenchOf('avril 2027')).toBe('d’avril 2027');
    expect(frenchOf('Élodie')).toBe('d’Élodie');
    expect(frenchOf('Bob')).toBe('de Bob');
    expect(frenchOf('novembre 2026')).toBe('de novembre 2026');
  });
});

describe('French typography of fr.json', () => {
  // A narrow no-break space before : ; ! ? and », and after «; never a plain or wide one.
  const misplaced = (text: string) => /(?<!\u202f)[:;!?»]|«(?!\u202f)/u.test(text);

  it('puts a narrow no-break space before : ; ! ? » and after «', () => {
    expect(Object.entries(catalogs.fr).filter(([, message]) => misplaced(message))).toEqual([]);
  });

  it('finds the faults it looks for', () => {
    for (const fault of ['Total :', 'Total:', 'Total\u00a0:', 'Retirer ?', '«\u00a0Oui\u202f»', 'Oui\u00a0;']) expect([fault, misplaced(fault)]).toEqual([fault, true]);
    for (const right of ['Total\u202f: 3', '«\u202fOui\u202f»\u202f!', 'Retirer\u202f?']) expect([right, misplaced(right)]).toEqual([right, false]);
  });
});

describe('live figures of the open election', () => {
  it("keeps one role's candidates of a pushed update, in the pushed order", () => {
    const scribe = { ...candidate('s', 3, 0, '2026-11-02T00:00:00Z'), candidateTo: 2 as const };
    const pushed = [candidate('a', 2, 0, '2026-11-01T00:00:00Z'), candidate('b', 1, 0, '2026-11-01T00:00:00Z'), scribe];
    expect(candidatesOfRole(pushed, 1).map((c) => c.id)).toEqual(['a', 'b']);
    expect(candidatesOfRole(pushed, 2)).toEqual([scribe]);
    expect(candidatesOfRole(pushed, 3)).toEqual([]);
  });

  it('keeps what the reader may do with each candidate from the last read; a candidate pushed since offers nothing', () => {
    const read = [
      { ...candidate('a', 1, 0, '2026-11-01T00:00:00Z'), may: { vote: true } },
      { ...candidate('me', 0, 0, '2026-11-01T00:00:00Z'), may: { vote: false } },
    ];
    const pushed = [candidate('me', 3, 0, '2026-11-01T00:00:00Z'), candidate('a', 2, 0, '2026-11-01T00:00:00Z'), candidate('new', 0, 0, '2026-11-03T00:00:00Z')];
    const shown = withReadMay(pushed, read);
    expect(shown.map((c) => [c.id, c.totalVotes, c.may.vote])).toEqual([
      ['me', 3, false],
      ['a', 2, true],
      ['new', 0, false],
    ]);
    expect(shown[2]!.may).toEqual(noMay);
    // The vote's optimistic totals keep the flags too.
    expect(applyVote(shown, 'a', 0, 1).find((c) => c.id === 'a')).toMatchObject({ votesFor: 3, may: { vote: true } });
  });

  it('names the open election by its candidacy month, a topic the chat service accepts, and reads the month back', () => {
    expect(openElectionId('2026-11-01')).toBe('00000000-0000-0000-0000-000020261101');
    expect(liveTopics.openElection('2026-11-01')).toBe('election:00000000-0000-0000-0000-000020261101');
    expect(isLiveTopic(liveTopics.openElection('2026-11-01'))).toBe(true);
    expect(candidacyMonthOfElectionId(openElectionId('2027-01-01'))).toBe('2027-01-01');
    expect(candidacyMonthOfElectionId('0b9f3c2e-8d7a-4f5e-9c1b-2a3d4e5f6a7b')).toBeNull();
  });

  it('spreads the reads of a new month over [0, 10 s)', () => {
    expect(monthChangeDelayMs(() => 0)).toBe(0);
    expect(monthChangeDelayMs(() => 0.5)).toBe(monthChangeSpreadMs / 2);
    expect(monthChangeDelayMs(() => 0.999_999)).toBeLessThan(monthChangeSpreadMs);
  });
});
