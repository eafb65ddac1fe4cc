/**
 * The creators' "add" forms in a jsdom document (Testing Library): a group form sent just before the
 * creator opens the article form must not close the article form when its answer comes late (the
 * new group can show first, through the live update).
 */
import type { LawDetail } from '@civic/contracts';
import type { ShellServices } from '@civic/frontend-kit/shell-contract';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';

await installDom('http://localhost/decisions/creations');

const { createElement: h } = await import('react');
const { render, screen, fireEvent, waitFor, act } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter } = await import('react-router-dom');
const { FeedbackProvider } = await import('@civic/frontend-kit/remote-feedback');
const { AddContent } = await import('../src/ui/drafting/AddContent.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };

const lawId = '55555555-5555-4555-8555-555555555555';
const law = { id: lawId, groups: [] } as unknown as LawDetail;
const withGroup = { id: lawId, groups: [{ id: '66666666-6666-4666-8666-666666666666', name: 'Transports publics' }] } as unknown as LawDetail;

const services = {
  confirm: async () => true,
  snackbar: { show: () => undefined, showError: () => undefined },
} as unknown as ShellServices;

it('keeps the article form open when the group sent before it is answered late', async () => {
  // The group's POST is answered only when the test says so.
  let answer: (response: Response) => void = () => undefined;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
  try {
    render(h(IntlProvider, { locale: 'en', messages: en }, h(MemoryRouter, null, h(FeedbackProvider, { services }, h(AddContent, { law, reload: () => undefined })))));
    fireEvent.click(screen.getByRole('button', { name: 'Add a group' }));
    fireEvent.change(screen.getByLabelText('Name of the group'), { target: { value: 'Transports publics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the group' }));
    await waitFor(() => expect(answer).not.toBe(undefined));
    // The creator opens the article form before the group's answer comes.
    fireEvent.click(screen.getByRole('button', { name: 'Add an article' }));
    expect(screen.getByRole('heading', { name: 'Add an article' })).toBeTruthy();
    await act(async () => answer(new Response(JSON.stringify(withGroup), { status: 201, headers: { 'content-type': 'application/json' } })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Add an article' })).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Add a group' })).toBeNull();
  } finally {
    globalThis.fetch = realFetch;
  }
});
