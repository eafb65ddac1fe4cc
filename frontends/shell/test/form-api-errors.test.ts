import { fieldErrorOf, newPasswordErrors } from '../src/forms/api-errors.js';

describe('API errors shown on a form field', () => {
  const register = { emailAlreadyRegistered: 'email', userNameTaken: 'userName', ...newPasswordErrors('password') } as const;

  it('puts the password rules, a taken name and a taken email under their field, translated', () => {
    expect(fieldErrorOf('passwordTooCommon', register)).toEqual({ name: 'password', error: { id: 'error.passwordTooCommon' } });
    expect(fieldErrorOf('passwordMatchesAccount', register)).toEqual({ name: 'password', error: { id: 'error.passwordMatchesAccount' } });
    expect(fieldErrorOf('userNameTaken', register)).toEqual({ name: 'userName', error: { id: 'error.userNameTaken' } });
    expect(fieldErrorOf('emailAlreadyRegistered', register)).toEqual({ name: 'email', error: { id: 'error.emailAlreadyRegistered' } });
  });

  it('leaves the errors about no field to the snackbar', () => {
    expect(fieldErrorOf('tooManyRequests', register)).toBeNull();
    expect(fieldErrorOf('incorrectPassword', register)).toBeNull();
    expect(fieldErrorOf('incorrectPassword', { incorrectPassword: 'currentPassword', ...newPasswordErrors('newPassword') })).toEqual({
      name: 'currentPassword',
      error: { id: 'error.incorrectPassword' },
    });
  });
});
