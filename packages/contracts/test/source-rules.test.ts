import { validPages, validUrl } from '../src/source-rules.js';

describe('the source rules shared by the form and the decisions service', () => {
  it('take the addresses the service takes: http or https, a host with a dot, no space', () => {
    expect(['https://example.org/page', 'http://www.example.fr'].map(validUrl)).toEqual([true, true]);
    expect(['ftp://example.org', 'javascript:alert(1)', 'example.org', 'https://localhost', 'https://exa mple.org', ''].map(validUrl)).toEqual([false, false, false, false, false, false]);
  });

  it('take a page or a range of pages from page 1, never backwards', () => {
    expect(['55', '55-75', '1', '7-7'].map(validPages)).toEqual([true, true, true, true]);
    expect(['0', '-3', '75-55', '55–75', 'p. 55', '12a', '1234567'].map(validPages)).toEqual([false, false, false, false, false, false, false]);
  });
});
