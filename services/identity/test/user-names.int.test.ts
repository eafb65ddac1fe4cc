import { assignUserNameKeys } from '../src/commands/assign-user-name-keys.command.js';
import { USER_NAME_KEY_VERSION, userNameKey } from '../src/domain/user-name.js';
import { confusables } from '../src/store/confusables.js';
import { as, createUser, startHarness, type Harness, type TestUser } from './support/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('user-names');
});
afterAll(() => h.close());

let n = 0;
const register = (userName: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `names-${++n}-${Date.now()}@example.org`, userName, password: 'a name of my own' }, remoteAddress: `198.20.0.${n % 250}` });
const rename = (user: TestUser, userName: string) => as(h, user, { method: 'PUT', url: `/api/users/edit-profile/${user.id}`, payload: { userName } });
const taken = { statusCode: 409, statusMessage: 'User name already taken' };

describe('one name per member', () => {
  it.each([
    ['the same name in other case and spacing', '  ADA   LOVELACE  '],
    ['the same name with an invisible character', 'Ada\u200B Lovelace'],
    ['the same name with a Cyrillic letter', 'Аda Lovelace'],
    ['the same name in full-width letters', 'Ａｄａ Ｌｏｖｅｌａｃｅ'],
  ])('refuses at registration %s, and stores nothing', async (_label, lookalike) => {
    if ((await h.db.user.count({ where: { userName: 'Ada Lovelace' } })) === 0) expect((await register('Ada Lovelace')).statusCode).toBe(201);
    const before = await h.db.user.count();
    const res = await register(lookalike);
    expect(res.json()).toEqual(taken);
    expect(await h.db.user.count()).toBe(before);
  });

  it('refuses a rename to another member’s name and changes nothing, but lets a member restyle their own', async () => {
    const first = await createUser(h, { userName: 'Grace Hopper' });
    const second = await createUser(h, { userName: 'Another Admiral' });
    expect((await rename(second, 'grace  HOPPER')).json()).toEqual(taken);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: second.id } })).userName).toBe('Another Admiral');
    const restyled = await rename(first, 'GRACE hopper');
    expect(restyled.statusCode).toBe(200);
    expect(restyled.json().userName).toBe('GRACE hopper');
    // The old name is free once its owner has moved on.
    expect((await rename(first, 'Amazing Grace')).statusCode).toBe(200);
    expect((await rename(second, 'Grace Hopper')).statusCode).toBe(200);
  });

  it('refuses the name deleted accounts show, and its lookalikes', async () => {
    const user = await createUser(h);
    for (const name of ['Deleted user', 'DELETED  USER', 'De1eted user']) {
      expect((await register(name)).json()).toEqual(taken);
      expect((await rename(user, name)).json()).toEqual(taken);
    }
  });

  it('frees the name of a deleted account', async () => {
    const leaving = await createUser(h, { userName: 'Leaving Member' });
    expect((await as(h, leaving, { method: 'DELETE', url: `/api/users/${leaving.id}`, payload: { password: leaving.password } })).statusCode).toBe(204);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: leaving.id } })).userNameKey).toBeNull();
    expect((await register('leaving member')).statusCode).toBe(201);
    // Many deleted accounts share the anonymized name without clashing.
    const another = await createUser(h);
    expect((await as(h, another, { method: 'DELETE', url: `/api/users/${another.id}`, payload: { password: another.password } })).statusCode).toBe(204);
    expect(await h.db.user.count({ where: { userName: 'Deleted user' } })).toBe(2);
  });

  it('gives the accounts made before names had keys theirs, the oldest keeping a name two of them share', async () => {
    const older = await createUser(h, { userName: 'Early Bird' });
    const newer = await createUser(h, { userName: 'Late Owl' });
    await h.db.user.update({ where: { id: older.id }, data: { userNameKey: null } });
    await h.db.user.update({ where: { id: newer.id }, data: { userNameKey: null, userName: 'EARLY bird' } });
    expect(await assignUserNameKeys({ db: h.db }, (name) => userNameKey(name, confusables()), USER_NAME_KEY_VERSION)).toBe(1);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: older.id } })).userNameKey).toBe(userNameKey('early bird', confusables()));
    expect((await h.db.user.findUniqueOrThrow({ where: { id: newer.id } })).userNameKey).toBeNull();
    expect(await assignUserNameKeys({ db: h.db }, (name) => userNameKey(name, confusables()), USER_NAME_KEY_VERSION)).toBe(0);
  });
});
