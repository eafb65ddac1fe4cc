import { ElectionClosed, eventCatalogue, UserRegistered } from '@civic/contracts';
import { eventReader, loadConfig, BaseConfig, newPublishedEvent, parsePublishedVersions, publishedVersion } from '@civic/service-kit';

const userId = '00000000-0000-4000-8000-000000000001';
const registeredAt = '2026-11-23T10:00:00.000Z';
const registration = { userId, displayName: 'Ada Lovelace', registeredAt, locale: 'fr' as const };
const envelope = (version: number, payload: unknown, subject: string = UserRegistered.subject) =>
  JSON.stringify({ id: '00000000-0000-4000-8000-0000000000aa', subject, version, occurredAt: registeredAt, payload });

describe('publishing an event that has several versions', () => {
  it('writes the oldest supported version until PUBLISH_EVENT_VERSIONS switches it', () => {
    expect(newPublishedEvent(UserRegistered, registration, new Map())).toMatchObject({ version: 1, payload: { userId, userName: 'Ada Lovelace', registeredAt } });
    expect(newPublishedEvent(UserRegistered, registration, new Map()).payload).not.toHaveProperty('locale');
    const switched = parsePublishedVersions('identity.user.registered=2');
    expect(newPublishedEvent(UserRegistered, registration, switched)).toMatchObject({ version: 2, payload: registration });
  });

  it('refuses a version the build does not know, and a malformed setting', () => {
    expect(() => publishedVersion(UserRegistered, parsePublishedVersions('identity.user.registered=3'))).toThrow('knows versions 1, 2');
    expect(() => parsePublishedVersions('identity.user.registered')).toThrow('not <subject>=<version>');
    expect(parsePublishedVersions(' identity.user.registered=2 , decisions.law.archived=1')).toEqual(
      new Map([
        ['identity.user.registered', 2],
        ['decisions.law.archived', 1],
      ]),
    );
  });

  it('reads the two settings from the environment', () => {
    const base = { PORT: '0', DATABASE_URL: 'postgresql://localhost/x' };
    const defaults = loadConfig(BaseConfig, base);
    expect(defaults.PUBLISH_EVENT_VERSIONS).toBe('');
    expect(defaults.READ_EVENT_VERSIONS_UP_TO).toBeUndefined();
    expect(loadConfig(BaseConfig, { ...base, PUBLISH_EVENT_VERSIONS: 'identity.user.registered=2', READ_EVENT_VERSIONS_UP_TO: '1' })).toMatchObject({
      PUBLISH_EVENT_VERSIONS: 'identity.user.registered=2',
      READ_EVENT_VERSIONS_UP_TO: 1,
    });
    expect(() => loadConfig(BaseConfig, { ...base, PUBLISH_EVENT_VERSIONS: 'registered:2' })).toThrow('PUBLISH_EVENT_VERSIONS is invalid');
    expect(() => loadConfig(BaseConfig, { ...base, READ_EVENT_VERSIONS_UP_TO: '0' })).toThrow('READ_EVENT_VERSIONS_UP_TO is invalid');
  });
});

describe('reading an event', () => {
  const read = eventReader(UserRegistered);

  it('hands every known version over as the newest', () => {
    expect(read(envelope(1, { userId, userName: 'Ada', registeredAt }))).toMatchObject({ readable: true, payload: { userId, displayName: 'Ada', registeredAt, locale: 'en' } });
    expect(read(envelope(2, registration))).toMatchObject({ readable: true, payload: registration });
  });

  it('reads a newer version by the newest schema it knows, unknown fields left out', () => {
    const reading = read(envelope(3, { ...registration, pronouns: 'she' }));
    expect(reading).toEqual({ readable: true, envelope: expect.objectContaining({ version: 3 }), payload: registration });
  });

  it('says why it cannot read the rest', () => {
    expect(read('{')).toMatchObject({ readable: false, reason: 'not-json', version: null });
    expect(read(JSON.stringify({ subject: UserRegistered.subject }))).toMatchObject({ readable: false, reason: 'bad-envelope' });
    expect(read(envelope(1, registration, ElectionClosed.subject))).toMatchObject({ readable: false, reason: 'bad-envelope' });
    expect(read(envelope(2, { ...registration, locale: 'de' }))).toMatchObject({ readable: false, reason: 'invalid-payload', version: 2, detail: expect.stringContaining('/locale') });
    expect(read(envelope(3, { userId }))).toMatchObject({ readable: false, reason: 'unknown-version', version: 3, detail: 'version 3; this consumer reads 1, 2' });
  });

  it('reads only up to READ_EVENT_VERSIONS_UP_TO, as a build that predates the newer versions', () => {
    const older = eventReader(UserRegistered, 1);
    expect(older(envelope(1, { userId, userName: 'Ada', registeredAt }))).toMatchObject({ readable: true, payload: { displayName: 'Ada' } });
    expect(older(envelope(2, registration))).toMatchObject({ readable: false, reason: 'unknown-version', detail: 'version 2; this consumer reads 1' });
  });
});

describe('the event catalogue', () => {
  it('lists every event once, each version numbered upwards with a way to and from the one before', () => {
    const subjects = eventCatalogue.map((event) => event.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(subjects).toContain('identity.user.registered');
    for (const event of eventCatalogue) {
      event.versions.forEach((version, index) => {
        if (index === 0) return;
        expect(version.version).toBeGreaterThan(event.versions[index - 1]!.version);
        expect(version.upgrade && version.downgrade).toBeTruthy();
      });
    }
  });
});
