import { fieldErrorOf, newPasswordErrors, passwordFeedbackIds } from '../src/forms/api-errors.js';

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

  it('adds the strength estimator\'s advice to a refused password, leaving out the keys it does not know', () => {
    const data = { warning: 'similarToCommon', suggestions: ['anotherWord', 'l33t', 'somethingNew'] };
    expect(fieldErrorOf('passwordTooCommon', register, data)).toEqual({
      name: 'password',
      error: {
        id: 'error.passwordTooCommon',
        details: ['password.feedback.warning.similarToCommon', 'password.feedback.suggestion.anotherWord', 'password.feedback.suggestion.l33t'],
      },
    });
    expect(passwordFeedbackIds({ warning: null, suggestions: [] })).toEqual([]);
    expect(passwordFeedbackIds('not advice')).toEqual([]);
    expect(fieldErrorOf('passwordMatchesAccount', register, data)).toEqual({ name: 'password', error: { id: 'error.passwordMatchesAccount' } });
  });
});
