import { Limits } from '@civic/contracts';
import {
  characterCount,
  email,
  formMessages,
  maxLength,
  minLength,
  required,
  rules,
  safeNextPath,
  sameAs,
  validateField,
  validateForm,
} from '../src/forms/validation.js';

describe('form rules', () => {
  it('requires a value that is not only spaces', () => {
    expect(required()('', {})).toEqual({ id: formMessages.required });
    expect(required()('   ', {})).toEqual({ id: formMessages.required });
    expect(required()('x', {})).toBeNull();
  });

  it('asks for a minimum of 3 or 8 characters, trimmed, and leaves an empty value to `required`', () => {
    expect(minLength(3)('ab', {})).toEqual({ id: formMessages.minLength, values: { min: 3 } });
    expect(minLength(3)('  ab  ', {})).toEqual({ id: formMessages.minLength, values: { min: 3 } });
    expect(minLength(3)('abc', {})).toBeNull();
    expect(minLength(8)('1234567', {})).toEqual({ id: formMessages.minLength, values: { min: 8 } });
    expect(minLength(8)('12345678', {})).toBeNull();
    expect(minLength(3)('', {})).toBeNull();
  });

  it('caps the length, counting characters rather than UTF-16 units', () => {
    expect(maxLength(64)('a'.repeat(64), {})).toBeNull();
    expect(maxLength(64)('a'.repeat(65), {})).toEqual({ id: formMessages.maxLength, values: { max: 64 } });
    expect(characterCount('👍🏽é')).toBe(3); // thumbs up, skin tone, é
    expect(maxLength(3)('👍👍👍', {})).toBeNull();
    expect(maxLength(2)('👍👍👍', {})).not.toBeNull();
  });

  it('recognizes an invalid email address', () => {
    for (const bad of ['plain', 'a@b', '@example.org', 'a b@example.org', 'a@@example.org', 'a@example..org', 'a@.org']) {
      expect(email()(bad, {})).toEqual({ id: formMessages.email });
    }
    for (const good of ['olympe@example.org', ' olympe.de-gouges+civic@mail.example.fr ', 'é@exemple.fr']) {
      expect(email()(good, {})).toBeNull();
    }
    expect(email()('', {})).toBeNull();
  });

  it('checks the password confirmation against the password', () => {
    const rule = sameAs('password');
    expect(rule('secret-one', { password: 'secret-two' })).toEqual({ id: formMessages.confirmation });
    expect(rule('secret-one', { password: 'secret-one' })).toBeNull();
  });

  it('answers the first failing rule of a field', () => {
    expect(validateField(rules.userName, '', {})).toEqual({ id: formMessages.required });
    expect(validateField(rules.userName, 'ab', {})).toEqual({ id: formMessages.minLength, values: { min: 3 } });
    expect(validateField(rules.userName, 'x'.repeat(Limits.userName.max + 1), {})).toEqual({
      id: formMessages.maxLength,
      values: { max: Limits.userName.max },
    });
    expect(validateField(rules.password, 'short', {})).toEqual({ id: formMessages.minLength, values: { min: 8 } });
    expect(validateField(rules.password, 'p'.repeat(Limits.password.max + 1), {})).toEqual({
      id: formMessages.maxLength,
      values: { max: Limits.password.max },
    });
  });

  it('validates the registration form as a whole', () => {
    const schema = {
      email: rules.email,
      userName: rules.userName,
      password: rules.password,
      confirmation: rules.confirmation('password'),
    };
    expect(validateForm(schema, { email: 'x', userName: 'Ol', password: 'long enough', confirmation: 'long enougH' })).toEqual({
      email: { id: formMessages.email },
      userName: { id: formMessages.minLength, values: { min: 3 } },
      confirmation: { id: formMessages.confirmation },
    });
    expect(validateForm(schema, { email: '', userName: '', password: '', confirmation: '' })).toEqual({
      email: { id: formMessages.required },
      userName: { id: formMessages.required },
      password: { id: formMessages.required },
      confirmation: { id: formMessages.required },
    });
    expect(
      validateForm(schema, { email: 'o@example.org', userName: 'Olympe', password: 'declaration', confirmation: 'declaration' }),
    ).toEqual({});
  });

  it('keeps ?next= to paths of this site', () => {
    expect(safeNextPath('/protected')).toBe('/protected');
    expect(safeNextPath('/users/1/a/settings?tab=x')).toBe('/users/1/a/settings?tab=x');
    for (const bad of [null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });
});

describe('messages of the form rules', () => {
  it('exist in both catalogues', async () => {
    for (const locale of ['en', 'fr']) {
      const url = new URL(`../src/i18n/${locale}.json`, import.meta.url).href;
      const catalog = ((await import(url, { with: { type: 'json' } })) as { default: Record<string, string> }).default;
      for (const id of Object.values(formMessages)) expect(catalog[id]).toEqual(expect.any(String));
    }
  });
});
