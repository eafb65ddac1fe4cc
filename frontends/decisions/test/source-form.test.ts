/**
 * The source form in a jsdom document (Testing Library): an address that is not http or https, or
 * pages that are not a page or a range as the service takes them, are told at their field, in the
 * reader's language, the focus on the first; nothing is sent. The rules are the service's own
 * (packages/contracts/src/source-rules.ts).
 */
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';

await installDom('http://localhost/decisions/creations');

const { createElement: h } = await import('react');
const { render, screen, fireEvent, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { SourceForm, sourceProblems } = await import('../src/ui/SourceForm.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };
const { default: fr } = (await import('../src/i18n/fr.json', { with: { type: 'json' } })) as { default: Record<string, string> };

describe('the source form’s own checks', () => {
  it('check only the fields the type shows, and leave empty ones to the service', () => {
    expect(sourceProblems(1, { url: 'nope', pages: '0' })).toEqual([
      { field: 'url', message: 'invalidUrl' },
      { field: 'pages', message: 'invalidPagesFormat' },
    ]);
    // A film has no pages; an empty address is not checked.
    expect(sourceProblems(5, { url: ' ', pages: '0' })).toEqual([]);
  });
});

describe.each([
  ['en', en],
  ['fr', fr],
])('the source form in %s', (locale, messages) => {
  it('shows each problem at its field, focuses the first and sends nothing', async () => {
    const sent: unknown[] = [];
    render(
      h(
        IntlProvider,
        { locale, messages },
        h(SourceForm, {
          submitLabel: 'OK',
          onSubmit: async (input: unknown) => {
            sent.push(input);
          },
        }),
      ),
    );
    const field = (key: string) => screen.getByLabelText(messages[key]!) as HTMLInputElement;
    fireEvent.change(field('decisions.source.field.title'), { target: { value: 'Le Capital' } });
    fireEvent.change(field('decisions.source.field.url'), { target: { value: 'ftp://example.org' } });
    fireEvent.change(field('decisions.source.field.pages'), { target: { value: '75-55' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    // The texts tied to a field (its error, its hint), as a screen reader reads them with it.
    const describedBy = (key: string) =>
      (field(key).getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(document.activeElement).toBe(field('decisions.source.field.url'));
    expect(field('decisions.source.field.url').getAttribute('aria-invalid')).toBe('true');
    expect(describedBy('decisions.source.field.url')).toEqual([messages['decisions.form.invalidUrl']]);
    expect(describedBy('decisions.source.field.pages')).toEqual([messages['decisions.form.invalidPagesFormat'], messages['decisions.source.hint.pages']]);
    expect(sent).toEqual([]);

    // Once right, the form sends.
    fireEvent.change(field('decisions.source.field.url'), { target: { value: 'https://example.org' } });
    fireEvent.change(field('decisions.source.field.pages'), { target: { value: '55-75' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toEqual([{ type: 1, title: 'Le Capital', url: 'https://example.org', pages: '55-75' }]));
    // Sent, the form empties itself.
    await waitFor(() => expect(field('decisions.source.field.url').value).toBe(''));
  });
});
