import { anonymizedAccount, DELETED_USER_NAME } from '../src/domain/anonymization.js';
import { assertTimeZone, currentMonth, currentMonthStart, formatDate, parseCandidacy, parseDate } from '../src/domain/candidacy.js';
import { readDevice, signDevice } from '../src/domain/login-device.js';
import { countersOfFailure, failedAttemptAnswer, locksAccount, loginRefusal, reauthRefusal, retryAfterSeconds, slowdownDelayMs, type FailureTimes, type LoginFailures } from '../src/domain/login-limits.js';
import { judgeMailRequest, mailLimits, mailRequestCounts } from '../src/domain/mail-limits.js';
import { expiresAfter, judgeOneTimeToken } from '../src/domain/one-time-token.js';
import { MIN_PASSWORD_SCORE, passwordRefusal, type PasswordEstimator } from '../src/domain/password-policy.js';
import { candidacyRefusal, ownerRefusal, suspensionRefusal, type AccountFlags } from '../src/domain/permissions.js';
import { toSessionUser, toUserProfile, type Account } from '../src/domain/profile.js';
import { normalizeEmail, normalizeUserName, pickLocale, registrationRefusal, registrationRetryAfterSeconds } from '../src/domain/registration.js';
import { isNewerElection, roleChanges } from '../src/domain/roles.js';
import { hashToken, keyedHash, newSecretToken } from '../src/domain/secrets.js';
import { cookieNames, isSessionLive, judgeRefreshToken, roleOf, sessionPolicy } from '../src/domain/session.js';
import { currentSuspension, isSuspended, isSuspensionLength, suspendedUntil } from '../src/domain/suspension.js';
import { isReservedUserName, parseConfusables, skeleton, userNameKey as keyWith } from '../src/domain/user-name.js';
import { mailLink } from '../src/mail/links.js';
import { addressInUseMail, emailChangeMail, emailRestoredMail, emailUndoMail, loginAttackMail, passwordResetMail, verificationMail } from '../src/mail/templates.js';
import { zxcvbnEstimator } from '../src/auth/password-estimator.js';
import { confusables } from '../src/store/confusables.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string) => new Date(iso);

describe('registration rules', () => {
  it('normalizes emails and user names', () => {
    expect(normalizeEmail('  Ada@Example.ORG ')).toBe('ada@example.org');
    expect(normalizeUserName('  Ada   Byron  Lovelace ')).toBe('Ada Byron Lovelace');
  });

  it('picks the mail language: form, then locale cookie, then Accept-Language by weight, else English', () => {
    expect(pickLocale('fr', 'en', 'en')).toBe('fr');
    expect(pickLocale(undefined, 'FR', 'en')).toBe('fr');
    expect(pickLocale(undefined, 'de', 'fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(pickLocale(undefined, undefined, 'de-DE, en;q=0.5, fr;q=0.7')).toBe('fr');
    expect(pickLocale(undefined, undefined, 'fr;q=0, en')).toBe('en');
    expect(pickLocale(undefined, undefined, 'es, de')).toBe('en');
    expect(pickLocale(undefined, undefined, undefined)).toBe('en');
  });

  it('refuses a 6th account from an address, and a 3rd within 24 hours', () => {
    const limits = { perIp: 5, perIpPerDay: 2 };
    expect(registrationRefusal({ total: 0, lastDay: 0 }, limits)).toBeNull();
    expect(registrationRefusal({ total: 4, lastDay: 1 }, limits)).toBeNull();
    expect(registrationRefusal({ total: 2, lastDay: 2 }, limits)).toBe('tooManyAccountsSameDay');
    expect(registrationRefusal({ total: 5, lastDay: 0 }, limits)).toBe('tooManyAccountsSameIp');
    expect(registrationRefusal({ total: 5, lastDay: 2 }, limits)).toBe('tooManyAccountsSameIp');
  });

  it('says when the daily limit frees a place: 24 hours after the registration that must leave', () => {
    const limits = { perIp: 5, perIpPerDay: 2 };
    const now = at('2030-01-02T10:00:00Z');
    expect(registrationRetryAfterSeconds([at('2030-01-02T09:00:00Z'), at('2030-01-01T12:00:00Z')], limits, now)).toBe(2 * 3600);
    // Three in the day (a lowered limit): two must leave, so the second oldest decides.
    const three = [at('2030-01-01T12:00:00Z'), at('2030-01-01T14:00:00Z'), at('2030-01-02T09:00:00Z')];
    expect(registrationRetryAfterSeconds(three, limits, now)).toBe(4 * 3600);
  });
});

describe('secrets', () => {
  it('makes 256-bit url-safe tokens, stored as SHA-256, and keyed hashes that need the key', () => {
    const token = newSecretToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSecretToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(keyedHash('key one', '203.0.113.9')).not.toBe(keyedHash('key two', '203.0.113.9'));
    expect(keyedHash('key one', '203.0.113.9')).toBe(keyedHash('key one', '203.0.113.9'));
  });
});

describe('sessions', () => {
  const policy = sessionPolicy({ ACCESS_TOKEN_MINUTES: 15, REFRESH_TOKEN_DAYS: 30, SESSION_IDLE_DAYS: 7, REFRESH_REUSE_GRACE_SECONDS: 10 });
  const login = at('2030-01-01T00:00:00Z');
  const session = { expiresAt: new Date(login.getTime() + 30 * DAY), lastUsedAt: login, revokedAt: null };

  it('has the session lengths of the product rules', () => {
    expect(policy).toEqual({ accessTokenMs: 15 * MINUTE, sessionMs: 30 * DAY, idleMs: 7 * DAY, reuseGraceMs: 10_000 });
  });

  it('rotates a fresh token of a live session', () => {
    expect(judgeRefreshToken({ usedAt: null }, session, new Date(login.getTime() + DAY), policy)).toBe('rotate');
  });

  it('ends a session idle for 7 days, one older than 30 days, and a revoked one', () => {
    expect(judgeRefreshToken({ usedAt: null }, session, new Date(login.getTime() + 7 * DAY), policy)).toBe('ended');
    const used = { ...session, lastUsedAt: new Date(login.getTime() + 29 * DAY) };
    expect(judgeRefreshToken({ usedAt: null }, used, new Date(login.getTime() + 29.5 * DAY), policy)).toBe('rotate');
    expect(judgeRefreshToken({ usedAt: null }, used, new Date(login.getTime() + 30 * DAY), policy)).toBe('ended');
    expect(judgeRefreshToken({ usedAt: null }, { ...session, revokedAt: login }, login, policy)).toBe('ended');
    expect(isSessionLive(session, new Date(login.getTime() + 6 * DAY), policy)).toBe(true);
  });

  it('treats a rotated token as reuse, except within the grace seconds of its rotation', () => {
    const rotated = new Date(login.getTime() + DAY);
    expect(judgeRefreshToken({ usedAt: rotated }, session, new Date(rotated.getTime() + 3000), policy)).toBe('grace');
    expect(judgeRefreshToken({ usedAt: rotated }, session, new Date(rotated.getTime() + 11_000), policy)).toBe('reuse');
    expect(judgeRefreshToken({ usedAt: rotated }, session, new Date(rotated.getTime() + 3000), { ...policy, reuseGraceMs: 0 })).toBe('reuse');
    // A replay on an ended session is just an ended session.
    expect(judgeRefreshToken({ usedAt: rotated }, { ...session, revokedAt: rotated }, new Date(rotated.getTime() + 60_000), policy)).toBe('ended');
  });

  it('gives the role claim from the flags, moderator winning', () => {
    expect(roleOf({ moderator: false, scribe: false })).toBe(0);
    expect(roleOf({ moderator: true, scribe: false })).toBe(1);
    expect(roleOf({ moderator: false, scribe: true })).toBe(2);
    expect(roleOf({ moderator: true, scribe: true })).toBe(1);
  });

  it('names the cookies with the __Host- prefix only when secure', () => {
    expect(cookieNames(false)).toEqual({ access: 'access_token', refresh: 'refresh_token', device: 'login_device' });
    expect(cookieNames(true)).toEqual({ access: '__Host-access_token', refresh: '__Host-refresh_token', device: '__Host-login_device' });
  });
});

describe('mail link tokens', () => {
  const now = at('2030-01-01T12:00:00Z');
  it('are valid once, until they expire', () => {
    const token = { expiresAt: expiresAfter(now, 24 * 3600_000), usedAt: null };
    expect(judgeOneTimeToken(token, now)).toBe('valid');
    expect(judgeOneTimeToken(token, new Date(now.getTime() + 24 * 3600_000 - 1))).toBe('valid');
    expect(judgeOneTimeToken(token, new Date(now.getTime() + 24 * 3600_000))).toBe('expired');
    expect(judgeOneTimeToken({ ...token, usedAt: now }, now)).toBe('invalid');
    expect(judgeOneTimeToken(null, now)).toBe('invalid');
  });
});

describe('suspension', () => {
  const now = at('2030-01-01T12:00:00Z');
  it('offers 10 minutes, 1 hour, 2 hours and 1 day', () => {
    expect([10, 60, 120, 1440].every(isSuspensionLength)).toBe(true);
    expect([0, 5, 30, 61, 2880].some(isSuspensionLength)).toBe(false);
    expect(suspendedUntil(now, 60).toISOString()).toBe('2030-01-01T13:00:00.000Z');
  });

  it('ends by itself', () => {
    const until = at('2030-01-01T12:10:00Z');
    expect(isSuspended(until, now)).toBe(true);
    expect(isSuspended(until, until)).toBe(false);
    expect(isSuspended(null, now)).toBe(false);
    expect(currentSuspension(until, now)).toBe(until);
    expect(currentSuspension(until, at('2030-01-01T12:11:00Z'))).toBeNull();
  });
});

describe('permissions', () => {
  const now = at('2030-01-01T12:00:00Z');
  const account = (overrides: Partial<AccountFlags> = {}): AccountFlags => ({
    id: 'u',
    moderator: false,
    scribe: false,
    verifiedAt: now,
    suspendedUntil: null,
    deletedAt: null,
    ...overrides,
  });

  it('lets only the user themself act on their account', () => {
    expect(ownerRefusal('a', 'a')).toBeNull();
    expect(ownerRefusal('a', 'b')).toMatchObject({ key: 'unauthorizedAction', status: 403 });
  });

  it('lets a moderator suspend a plain user or a scribe, not themself, another moderator, or when suspended', () => {
    const moderator = account({ id: 'm', moderator: true });
    expect(suspensionRefusal(moderator, account({ id: 'u' }), now)).toBeNull();
    expect(suspensionRefusal(moderator, account({ id: 's', scribe: true }), now)).toBeNull();
    expect(suspensionRefusal(account({ id: 'p' }), account({ id: 'u' }), now)).toMatchObject({ key: 'unauthorizedAction', reason: 'notModerator' });
    expect(suspensionRefusal(account({ id: 'sc', scribe: true }), account({ id: 'u' }), now)).toMatchObject({ key: 'unauthorizedAction' });
    expect(suspensionRefusal(moderator, moderator, now)).toMatchObject({ key: 'suspensionError', reason: 'self' });
    expect(suspensionRefusal(moderator, account({ id: 'm2', moderator: true }), now)).toMatchObject({ key: 'suspensionError', reason: 'targetIsModerator' });
    expect(suspensionRefusal(moderator, account({ id: 'd', deletedAt: now }), now)).toMatchObject({ key: 'suspensionError', status: 400 });
    const suspendedModerator = account({ id: 'm3', moderator: true, suspendedUntil: new Date(now.getTime() + MINUTE) });
    expect(suspensionRefusal(suspendedModerator, account({ id: 'u' }), now)).toMatchObject({ key: 'unauthorizedAction', reason: 'actorSuspended' });
  });

  it('lets verified, unsuspended users stand, and anyone withdraw', () => {
    expect(candidacyRefusal(account(), true, now)).toBeNull();
    expect(candidacyRefusal(account({ verifiedAt: null }), true, now)).toMatchObject({ reason: 'notVerified' });
    expect(candidacyRefusal(account({ suspendedUntil: new Date(now.getTime() + MINUTE) }), true, now)).toMatchObject({ reason: 'suspended' });
    expect(candidacyRefusal(account({ suspendedUntil: new Date(now.getTime() - MINUTE) }), true, now)).toBeNull();
    expect(candidacyRefusal(account({ verifiedAt: null, suspendedUntil: new Date(now.getTime() + MINUTE) }), false, now)).toBeNull();
  });
});

describe('candidacy dates', () => {
  it('is the first day of the current month in the elections time zone', () => {
    expect(currentMonthStart(at('2030-03-15T10:00:00Z'), 'Europe/Paris')).toBe('2030-03-01');
    // 23:30 UTC on 31 March is 01:30 on 1 April in Paris (summer time).
    expect(currentMonthStart(at('2030-03-31T23:30:00Z'), 'Europe/Paris')).toBe('2030-04-01');
    expect(currentMonthStart(at('2030-03-31T23:30:00Z'), 'UTC')).toBe('2030-03-01');
    expect(currentMonthStart(at('2030-12-31T23:30:00Z'), 'Europe/Paris')).toBe('2031-01-01');
    expect(currentMonth(at('2030-12-31T23:30:00Z'), 'Europe/Paris')).toBe('2031-01');
    expect(() => assertTimeZone('Mars/Olympus')).toThrow(RangeError);
  });

  it('accepts exactly one field with the current month start, or null to withdraw', () => {
    const now = at('2030-06-10T08:00:00Z');
    expect(parseCandidacy({ scribeCandidateDate: '2030-06-01' }, now, 'Europe/Paris')).toEqual({ ok: true, change: { candidateTo: 2, field: 'scribeCandidateDate', date: '2030-06-01' } });
    expect(parseCandidacy({ greatWiseCandidateDate: null }, now, 'Europe/Paris')).toEqual({ ok: true, change: { candidateTo: 3, field: 'greatWiseCandidateDate', date: null } });
    expect(parseCandidacy({ moderatorCandidateDate: '2030-05-01' }, now, 'Europe/Paris')).toEqual({ ok: false, reason: 'notFirstDayOfCurrentMonth', expected: '2030-06-01' });
    expect(parseCandidacy({ moderatorCandidateDate: '2030-06-02' }, now, 'Europe/Paris')).toMatchObject({ ok: false });
    expect(parseCandidacy({ moderatorCandidateDate: null, scribeCandidateDate: null }, now, 'Europe/Paris')).toMatchObject({ ok: false, reason: 'exactlyOneCandidateDateField' });
    expect(parseCandidacy({}, now, 'Europe/Paris')).toMatchObject({ ok: false });
    expect(parseCandidacy({ moderatorCandidateDate: null, other: 1 }, now, 'Europe/Paris')).toMatchObject({ ok: false });
  });

  it('stores dates as DATE columns and reads them back as YYYY-MM-DD', () => {
    expect(formatDate(parseDate('2030-06-01'))).toBe('2030-06-01');
    expect(formatDate(null)).toBeNull();
  });
});

describe('account deletion', () => {
  it('removes the email and password, replaces the name, drops roles, candidacies and suspension', () => {
    const now = at('2030-01-01T00:00:00Z');
    expect(anonymizedAccount(now)).toEqual({
      email: null,
      userName: DELETED_USER_NAME,
      userNameKey: null,
      passwordHash: null,
      deletedAt: now,
      moderator: false,
      scribe: false,
      moderatorCandidateDate: null,
      scribeCandidateDate: null,
      greatWiseCandidateDate: null,
      suspendedUntil: null,
    });
    expect(DELETED_USER_NAME).toBe('Deleted user');
  });
});

describe('user names', () => {
  const table = confusables();
  const userNameKey = (name: string) => keyWith(name, table);
  const same = (a: string, b: string) => expect(userNameKey(a)).toBe(userNameKey(b));
  const different = (a: string, b: string) => expect(userNameKey(a)).not.toBe(userNameKey(b));

  it('read the whole of Unicode\'s confusables table', () => {
    expect(table.size).toBeGreaterThan(6000);
    expect(table.get('I')).toBe('l');
    expect(table.get('m')).toBe('rn');
    expect(parseConfusables('# comment\n0430;0061\n2116;004E 006F\n')).toEqual(new Map([['\u0430', 'a'], ['\u2116', 'No']]));
    // The UTS #39 skeleton: decomposed, each character by its prototype, decomposed again.
    expect(skeleton('SecAIice', table)).toBe('SecAlice');
    expect(skeleton('Ｏ', table)).toBe('O');
  });

  it('are one name whatever the case, the spacing, the accents and the compatibility forms', () => {
    same('Ada Lovelace', 'ADA LOVELACE');
    same('Ada Lovelace', '  ada   lovelace ');
    same('Ada Lovelace', 'Ada\u00A0\u2003Lovelace');
    same('Ada Lovelace', 'Ａｄａ Ｌｏｖｅｌａｃｅ');
    same('Strauß', 'STRAUSS');
    same('ΟΔΥΣΣΕΑΣ', 'οδυσσεας');
    same('José', 'Jose\u0301');
    same('José', 'Jose');
    same('Bruno Lefèvre', 'bruno lefevre');
    same('Zoë Çelik', 'ZOE CELIK');
  });

  it('are one name with invisible characters set aside', () => {
    same('Ada Lovelace', 'Ada\u200B Lovelace');
    same('Ada Lovelace', 'A\u200Dda Love\u00ADlace');
    same('Ada Lovelace', '\u2066Ada Lovelace\u2069');
    same('Ada Lovelace', 'Ada\uFE0F Lovelace');
    same('Ada Lovelace', 'Ada\u2800Lovelace');
  });

  it('are one name when letters of other scripts, digits or other Latin letters are drawn alike', () => {
    same('SecAlice', 'SecAIice'); // capital i for small L
    same('SecAlice', 'SECALICE');
    same('SecAlice', 'secaiice');
    same('Ada Lovelace', 'Аda Lovelace'); // Cyrillic А
    same('Ada Lovelace', 'Adα Lοvelace'); // Greek alpha and omicron
    same('Bob', 'B0b');
    same('Paul', 'Pau1');
    same('Paul', 'Pau|');
    same('Martin', 'Rnartin');
    same('Pope', 'РОРЕ'); // Cyrillic capitals
    same('РОРЕ', 'роре');
    same('Vasco', 'νasco'); // Greek small nu
    same('Dora', 'ԁora'); // Cyrillic komi de
    same('Olga', 'Օlga'); // Armenian capital oh
  });

  it('give every case of a name one key', () => {
    for (const name of ['Νίκος Παππάς', 'Ирина Шевченко', 'Łukasz Żółć', 'İsmail Işık', 'Mary-Ann', 'ǅemal', 'Ωmega']) {
      expect(userNameKey(name.toUpperCase())).toBe(userNameKey(name));
      expect(userNameKey(name.toLowerCase())).toBe(userNameKey(name));
      expect(userNameKey(userNameKey(name))).toBe(userNameKey(name));
    }
  });

  it('keep apart names that look different', () => {
    different('Ada Lovelace', 'Ada Lovelace 2');
    different('Ada Lovelace', 'AdaLovelace');
    different('Anna', 'Anne');
    different('Bruno Lefèvre', 'Bruno Lefebvre');
    different('Ирина', 'Арина');
  });

  it('reserve the name of deleted accounts and its lookalikes', () => {
    expect(isReservedUserName(DELETED_USER_NAME, table)).toBe(true);
    expect(isReservedUserName('  DELETED   user ', table)).toBe(true);
    expect(isReservedUserName('De1eted\u200B user', table)).toBe(true);
    expect(isReservedUserName('Délétéd usér', table)).toBe(true);
    expect(isReservedUserName('Deleted users', table)).toBe(false);
  });
});

describe('password rules', () => {
  const owner = { email: 'Ada.Lovelace@example.org', userName: 'Countess Ada' };
  const refusalKey = (password: string, who = owner) => passwordRefusal(password, who, zxcvbnEstimator)?.key ?? null;

  it('refuse passwords the estimator scores under 3, with its feedback keys, whatever their case', () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
    for (const password of ['Passw0rd!', 'letmein123', 'password', 'PASSWORD', 'Qwertyuiop', 'iloveyou1', '12345678', 'azerty123', 'motdepasse', 'Soleil2024', 'aaaaaaaaaaaa']) {
      expect([password, refusalKey(password)]).toEqual([password, 'passwordTooCommon']);
    }
    expect(passwordRefusal('Passw0rd!', owner, zxcvbnEstimator)).toEqual({
      key: 'passwordTooCommon',
      feedback: { warning: 'similarToCommon', suggestions: expect.arrayContaining(['anotherWord', 'l33t']) },
    });
  });

  it('refuse the email, its local part and the user name, alone or inside the password, whatever their case', () => {
    for (const password of ['ada.lovelace@example.org', 'my-Ada.Lovelace-2026', 'COUNTESS ADA', 'countessada!!', 'xx Countess Ada xx']) {
      expect(refusalKey(password)).toBe('passwordMatchesAccount');
    }
  });

  it('accept other passwords, including long passphrases and the short parts of an identifier', () => {
    for (const password of ['correct horse battery staple', 'ümlaut-passphrase-✓', 'a long passphrase that nobody would ever guess', 'Tr0mbone-Vélo-Grenier', 'password-12-long']) {
      expect([password, refusalKey(password)]).toEqual([password, null]);
    }
    // A two-letter local part refuses only a password equal to it.
    expect(refusalKey('abracadabra-Tulipe-2026', { email: 'ab@example.org', userName: 'Somebody' })).toBeNull();
    expect(refusalKey('ab', { email: 'ab@example.org', userName: 'Somebody' })).toBe('passwordMatchesAccount');
  });

  it('give the estimator the account words, and refuse by its score alone', () => {
    const seen: (readonly string[])[] = [];
    const scoring = (score: number): PasswordEstimator => (_password, inputs) => {
      seen.push(inputs);
      return { score, feedback: { warning: null, suggestions: [] } };
    };
    expect(passwordRefusal('anything at all', owner, scoring(2))?.key).toBe('passwordTooCommon');
    expect(passwordRefusal('anything at all', owner, scoring(3))).toBeNull();
    expect(seen[0]).toEqual(['ada.lovelace@example.org', 'ada.lovelace', 'countess ada', 'countessada']);
  });
});

describe('mail limits', () => {
  const limits = mailLimits({ MAIL_MAX_PER_ADDRESS: 3, MAIL_MAX_PER_IP: 20, MAIL_WINDOW_MINUTES: 60 });

  it('send under both limits, withhold past the address limit, refuse past the client-address limit', () => {
    expect(limits).toEqual({ perAddress: 3, perIp: 20, windowMs: 60 * MINUTE });
    expect(judgeMailRequest({ address: 2, ip: 19, oldestIp: null }, limits)).toBe('send');
    expect(judgeMailRequest({ address: 3, ip: 0, oldestIp: null }, limits)).toBe('withhold');
    expect(judgeMailRequest({ address: 3, ip: 20, oldestIp: null }, limits)).toBe('refuse');
    expect(judgeMailRequest({ address: 0, ip: 20, oldestIp: null }, limits)).toBe('refuse');
  });

  it('count a sent mail against both addresses, a withheld one against the client address only', () => {
    expect(mailRequestCounts('send')).toEqual({ address: true, ip: true });
    expect(mailRequestCounts('withhold')).toEqual({ address: false, ip: true });
    expect(mailRequestCounts('refuse')).toEqual({ address: false, ip: false });
  });
});

describe('login limits', () => {
  const limits = { perAccountAtIp: 10, perAccount: 30, perIp: 50, slowdownAfter: 10, windowMs: 15 * MINUTE };
  const now = at('2030-01-01T12:00:00Z');
  const failures = (counts: Partial<LoginFailures>): LoginFailures => ({ accountAtIp: 0, account: 0, ip: 0, device: 0, ...counts });
  const longAgo: FailureTimes = { oldest: { accountAtIp: null, account: null, ip: null, device: null }, latestAccount: at('2030-01-01T11:50:00Z') };
  const refused = (counts: Partial<LoginFailures>, source: 'device' | 'knownAddress' | 'unknown' = 'unknown', times = longAgo) => loginRefusal(failures(counts), times, source, limits, now)?.by ?? null;

  it('blocks at 10 failures for an account from an address, 30 for an account from unknown places, 50 from an address', () => {
    expect(refused({ accountAtIp: 9, account: 29, ip: 49 })).toBeNull();
    expect(refused({ accountAtIp: 10, account: 10, ip: 10 })).toBe('accountAtIp');
    expect(refused({ account: 30 })).toBe('account');
    // Past the address threshold, an account that failed from there gets no further attempt from it.
    expect(refused({ accountAtIp: 1, account: 1, ip: 50 })).toBe('ip');
  });

  it("never refuses an account without failures from the address because of other accounts' failures", () => {
    expect(refused({ ip: 50 })).toBeNull();
    expect(refused({ ip: 10_000 })).toBeNull();
  });

  it('keeps the member\'s devices and addresses out of a lock made from unknown places', () => {
    expect(refused({ account: 30, ip: 60 }, 'device')).toBeNull();
    expect(refused({ account: 30, ip: 60, accountAtIp: 3 }, 'knownAddress')).toBeNull();
    // Each is still limited by its own failures.
    expect(refused({ device: 10 }, 'device')).toBe('device');
    expect(refused({ accountAtIp: 10 }, 'knownAddress')).toBe('accountAtIp');
    expect(countersOfFailure('unknown')).toEqual(['accountAtIp', 'account', 'ip']);
    expect(countersOfFailure('knownAddress')).toEqual(['accountAtIp', 'ip']);
    expect(countersOfFailure('device')).toEqual(['device', 'accountAtIp', 'ip']);
  });

  it('slows guesses from unknown places down past 10 failures: 1 s, then doubling, at most 30 s after the latest', () => {
    expect([9, 10, 11, 12, 14, 15, 29].map((n) => slowdownDelayMs(n, limits))).toEqual([0, 1000, 2000, 4000, 16_000, 30_000, 30_000]);
    const justFailed: FailureTimes = { ...longAgo, latestAccount: at('2030-01-01T11:59:59Z') };
    expect(loginRefusal(failures({ account: 12 }), justFailed, 'unknown', limits, now)).toEqual({ by: 'slowdown', retryAfterSeconds: 3 });
    expect(loginRefusal(failures({ account: 12 }), justFailed, 'device', limits, now)).toBeNull();
    expect(loginRefusal(failures({ account: 12 }), { ...longAgo, latestAccount: at('2030-01-01T11:59:55Z') }, 'unknown', limits, now)).toBeNull();
  });

  it('tells the member once per lock: at the failure that makes the 30th from unknown places', () => {
    expect(locksAccount('unknown', 29, limits)).toBe(true);
    expect(locksAccount('unknown', 28, limits)).toBe(false);
    expect(locksAccount('unknown', 30, limits)).toBe(false);
    expect(locksAccount('knownAddress', 29, limits)).toBe(false);
  });

  it('limits current-password checks per session, per account and per account from an address, like logins', () => {
    const none = { session: null, account: null, accountAtIp: null };
    expect(reauthRefusal({ session: 9, account: 9, accountAtIp: 9 }, none, limits, now)).toBeNull();
    expect(reauthRefusal({ session: 10, account: 10, accountAtIp: 0 }, { ...none, session: at('2030-01-01T11:50:00Z') }, limits, now)).toBe(900);
    expect(reauthRefusal({ session: 0, account: 0, accountAtIp: 10 }, { ...none, accountAtIp: at('2030-01-01T11:50:00Z') }, limits, now)).toBe(300);
  });

  it('answers failed attempts past the address threshold as refused, not as wrong passwords', () => {
    expect(failedAttemptAnswer(49, limits)).toBe('wrong');
    expect(failedAttemptAnswer(50, limits)).toBe('ip');
  });

  it('says when to retry: when the oldest counted failure leaves the window', () => {
    expect(retryAfterSeconds(at('2030-01-01T11:50:00Z'), now, limits.windowMs)).toBe(300);
    expect(retryAfterSeconds(null, now, limits.windowMs)).toBe(900);
    expect(retryAfterSeconds(at('2030-01-01T11:40:00Z'), now, limits.windowMs)).toBe(1);
  });

  it('reads back only the device cookies it signed, for the account they name', () => {
    const value = signDevice('a key of sixteen chars', { userId: 'u-1', deviceId: 'd-1' });
    expect(readDevice('a key of sixteen chars', value)).toEqual({ userId: 'u-1', deviceId: 'd-1' });
    expect(readDevice('another key of sixteen', value)).toBeNull();
    expect(readDevice('a key of sixteen chars', value.replace('u-1', 'u-2'))).toBeNull();
    for (const forged of [undefined, '', 'u-1.d-1', 'u-1.d-1.x', `${value}.extra`]) expect(readDevice('a key of sixteen chars', forged)).toBeNull();
  });
});

describe('roles from election results', () => {
  it('gives the elected their flags, removes them from everyone else, and lists only changes', () => {
    const current = [
      { id: 'old-mod', moderator: true, scribe: false },
      { id: 'kept-mod', moderator: true, scribe: false },
      { id: 'old-scribe', moderator: false, scribe: true },
      { id: 'new-both', moderator: false, scribe: false },
    ];
    expect(roleChanges(current, { moderators: ['kept-mod', 'new-both'], scribes: ['new-both'] })).toEqual([
      { userId: 'old-mod', moderator: false, scribe: false },
      { userId: 'old-scribe', moderator: false, scribe: false },
      { userId: 'new-both', moderator: true, scribe: true },
    ]);
    expect(roleChanges([], { moderators: [], scribes: [] })).toEqual([]);
  });

  it('leaves the moderators in place when an election elects none, so there is always one', () => {
    const current = [
      { id: 'seeded', moderator: true, scribe: false },
      { id: 'old-scribe', moderator: false, scribe: true },
      { id: 'new-scribe', moderator: false, scribe: false },
    ];
    expect(roleChanges(current, { moderators: [], scribes: ['new-scribe'] })).toEqual([
      { userId: 'old-scribe', moderator: false, scribe: false },
      { userId: 'new-scribe', moderator: false, scribe: true },
    ]);
    // Once a moderator is elected, the others lose the role as usual.
    expect(roleChanges(current, { moderators: ['new-scribe'], scribes: [] })).toEqual([
      { userId: 'seeded', moderator: false, scribe: false },
      { userId: 'old-scribe', moderator: false, scribe: false },
      { userId: 'new-scribe', moderator: true, scribe: false },
    ]);
  });

  it('applies results in month order', () => {
    expect(isNewerElection('2030-05', null)).toBe(true);
    expect(isNewerElection('2030-05', '2030-04')).toBe(true);
    expect(isNewerElection('2030-05', '2030-05')).toBe(true);
    expect(isNewerElection('2030-04', '2030-05')).toBe(false);
  });
});

describe('session user and profile views', () => {
  const now = at('2030-01-01T12:00:00Z');
  const account: Account = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.org',
    userName: 'Ada',
    locale: 'fr',
    verifiedAt: now,
    createdAt: at('2029-12-01T00:00:00Z'),
    moderator: false,
    scribe: true,
    moderatorCandidateDate: parseDate('2030-01-01'),
    scribeCandidateDate: null,
    greatWiseCandidateDate: null,
    suspendedUntil: at('2030-01-01T12:10:00Z'),
    deletedAt: null,
    madeProposal: true,
    lawsCreated: 2,
    articlesCreated: 3,
    chatMessages: 4,
  };

  it('builds the SessionUser of the contract', () => {
    expect(toSessionUser(account, now)).toEqual({
      id: account.id,
      userName: 'Ada',
      email: 'ada@example.org',
      verified: true,
      moderator: false,
      scribe: true,
      locale: 'fr',
      suspendedUntil: '2030-01-01T12:10:00.000Z',
      moderatorCandidateDate: '2030-01-01',
      scribeCandidateDate: null,
      greatWiseCandidateDate: null,
      madeProposal: true,
      memberSince: '2029-12-01T00:00:00.000Z',
    });
    expect(toSessionUser(account, at('2030-01-01T12:30:00Z')).suspendedUntil).toBeNull();
  });

  it('shows email and suspension to the owner, the suspension to moderators, neither to others', () => {
    const owner = toUserProfile(account, 'owner', now);
    expect(owner.email).toBe('ada@example.org');
    expect(owner.suspendedUntil).toBe('2030-01-01T12:10:00.000Z');
    const moderator = toUserProfile(account, 'moderator', now);
    expect(moderator).not.toHaveProperty('email');
    expect(moderator.suspendedUntil).toBe('2030-01-01T12:10:00.000Z');
    const other = toUserProfile(account, 'other', now);
    expect(other).not.toHaveProperty('email');
    expect(other).not.toHaveProperty('suspendedUntil');
    expect(other).toMatchObject({ lawsCreated: 2, articlesCreated: 3, chatMessages: 4, deleted: false });
  });
});

describe('mail templates', () => {
  const mail = { userName: 'Ada <script>', link: 'http://civic.test/verify-account?token=abc&x=1', validFor: { hours: 24 } };
  it('exist in English and French with the link in text and HTML (escaped)', () => {
    for (const render of [verificationMail, passwordResetMail, emailChangeMail]) {
      const en = render('en', mail);
      const fr = render('fr', mail);
      expect(en.subject).not.toBe(fr.subject);
      expect(en.text).toContain(mail.link);
      expect(fr.text).toContain(mail.link);
      expect(en.html).toContain('http://civic.test/verify-account?token=abc&#38;x=1');
      expect(en.html).not.toContain('<script>');
      expect(en.text).toContain('Hello Ada <script>,');
      expect(fr.text).toContain('Bonjour Ada <script>,');
    }
    expect(verificationMail('en', mail).text).toContain('This link works for 24 hours.');
    expect(passwordResetMail('fr', { ...mail, validFor: { minutes: 60 } }).text).toContain('Ce lien est valable 60 minutes.');
    expect(verificationMail('fr', { ...mail, validFor: { hours: 1 } }).text).toContain('1 heure.');
  });

  it('tell the old address of an email change which address was asked for, with the undo link', () => {
    const notice = { ...mail, link: mailLink('http://civic.test/', 'change-email/undo', 'a/b'), newEmail: 'new@example.org', validFor: { days: 7 } };
    expect(notice.link).toBe('http://civic.test/change-email/undo?token=a%2Fb');
    const en = emailUndoMail('en', notice);
    expect(en.subject).toBe('Your email address is about to change');
    expect(en.text).toContain('to new@example.org.');
    expect(en.text).toContain(notice.link);
    expect(en.text).toContain('This link works for 7 days');
    const fr = emailUndoMail('fr', { ...notice, validFor: { days: 1 } });
    expect(fr.subject).toBe('Votre adresse e-mail va changer');
    expect(fr.text).toContain('pour new@example.org a été demandé.');
    expect(fr.text).toContain('Ce lien est valable 1 jour,');
  });

  it('set a narrow no-break space before French two-part punctuation, and none in English', () => {
    const texts = (locale: 'en' | 'fr') =>
      [verificationMail, passwordResetMail, emailChangeMail, emailRestoredMail]
        .map((build) => build(locale, mail).text)
        .concat(
          emailUndoMail(locale, { ...mail, newEmail: 'new@example.org' }).text,
          loginAttackMail(locale, { userName: 'Ada', minutes: 15, resetPage: 'http://civic.test/password' }).text,
        );
    for (const text of texts('fr')) {
      // A link's own colon (https:) is not French prose.
      const prose = text.replace(/https?:\S+/g, '');
      expect(prose).not.toMatch(/[^\u202f][:;!?]/);
      expect(prose).toMatch(/\u202f[:;!?]/);
    }
    for (const text of texts('en')) expect(text).not.toContain('\u202f');
    for (const locale of ['en', 'fr'] as const) expect(addressInUseMail(locale, { userName: 'Ada' }).text).toContain('Ada');
    expect(addressInUseMail('fr', { userName: 'Ada' }).text).toMatch(/changé\u202f:/);
  });

  it('tell an attacked member what happened and how long, with the page that resets the password', () => {
    const en = loginAttackMail('en', { userName: 'Ada', minutes: 15, resetPage: 'http://civic.test/password' });
    expect(en.subject).toBe('Someone is trying to log in to your account');
    expect(en.text).toContain('15 minutes');
    expect(en.html).toContain('href="http://civic.test/password"');
    expect(loginAttackMail('fr', { userName: 'Ada', minutes: 15, resetPage: 'http://civic.test/password' }).subject).toBe('Quelqu’un essaie de se connecter à votre compte');
  });
});
