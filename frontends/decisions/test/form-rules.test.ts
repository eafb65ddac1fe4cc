/** The form rules of the decision screens: the length messages of docs/product.md#form-rules. */
import { Limits } from '@civic/contracts';
import { characterCount, lengthError } from '../src/form-rules.js';

describe('lengthError', () => {
  const title = Limits.proposalTitle;
  it('asks for a value, then at least 3 characters (spaces around do not count), then at most the maximum', () => {
    expect(lengthError('', title)?.id).toBe('decisions.form.required');
    expect(lengthError('   ', title)?.id).toBe('decisions.form.required');
    expect(lengthError(' ab ', title)).toEqual({ id: 'decisions.form.minLength', values: { min: 3 } });
    expect(lengthError('abc', title)).toBeNull();
    expect(lengthError('x'.repeat(256), title)).toBeNull();
    expect(lengthError('x'.repeat(257), title)).toEqual({ id: 'decisions.form.maxLength', values: { max: 256 } });
    expect(lengthError('y'.repeat(601), Limits.proposalDescription)).toEqual({ id: 'decisions.form.maxLength', values: { max: 600 } });
  });

  it('counts characters as people do', () => {
    expect(characterCount('é🙂a')).toBe(3);
    expect(lengthError('🙂🙂🙂', title)).toBeNull();
  });
});
