/**
 * The notifications provider and the header's bell in a jsdom document (Testing Library), against a
 * fake gateway: a member sees their unread count, then each count the live stream pushes (the badge
 * hides at zero); a visitor gets no bell and nothing is asked for them.
 */
import type { SessionUser } from '@civic/contracts';
import { installDom } from '../../../packages/frontend-kit/test/support/dom.js';
import { sessionUser } from '../../../packages/frontend-kit/test/support/session-user.js';

await installDom();

const { createElement: h } = await import('react');
const { act, render, screen, waitFor } = await import('@testing-library/react');
const { IntlProvider } = await import('react-intl');
const { MemoryRouter } = await import('react-router-dom');
const { AuthProvider } = await import('../src/auth/AuthProvider.js');
const { SnackbarProvider } = await import('../src/feedback/Snackbar.js');
const { NotificationsProvider } = await import('../src/notifications/NotificationsProvider.js');
const { NotificationBell } = await import('../src/components/NotificationBell.js');
const { notificationsApi } = await import('../src/api/notifications.js');
const { default: en } = (await import('../src/i18n/en.json', { with: { type: 'json' } })) as { default: Record<string, string> };

const member = sessionUser('55555555-5555-4555-8555-555555555555');
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A gateway with one session (or none), an unread count, and a live stream the test pushes events into. */
function fakeGateway(user: SessionUser | null, unread: number) {
  const asked: string[] = [];
  const encoder = new TextEncoder();
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === '/api/login/auth-user') return json(user);
    if (user && url === `/api/users/notifications/unread/${user.id}`) return json({ count: unread });
    if (url === notificationsApi.streamPath) {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          stream = controller;
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    return new Response(null, { status: 404 });
  }) as typeof fetch;
  return {
    asked,
    /** Pushes an `unread` event on the open stream. */
    push: (count: number) => stream!.enqueue(encoder.encode(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`)),
    streaming: () => stream !== null,
  };
}

function renderBell() {
  render(
    h(
      IntlProvider,
      { locale: 'en', messages: en },
      h(MemoryRouter, null, h(AuthProvider, null, h(SnackbarProvider, null, h(NotificationsProvider, null, h(NotificationBell))))),
    ),
  );
}

const bellLabel = (count: number) => (count === 1 ? `Notifications, 1 unread` : count === 0 ? 'Notifications, none unread' : `Notifications, ${count} unread`);
const bellCount = () => screen.getByRole('link').querySelector('.notification-bell__count') as HTMLElement;

describe('the notifications provider, as the header bell shows it', () => {
  it('shows the member’s unread count, then follows each count the live stream pushes', async () => {
    const gateway = fakeGateway(member, 2);
    renderBell();
    const bell = await screen.findByRole('link', { name: bellLabel(2) });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(bellCount().textContent).toBe('2');

    await waitFor(() => expect(gateway.streaming()).toBe(true));
    gateway.push(5);
    await screen.findByRole('link', { name: bellLabel(5) });
    expect(bellCount().textContent).toBe('5');

    gateway.push(0);
    await screen.findByRole('link', { name: bellLabel(0) });
    expect(bellCount().hidden).toBe(true);
  });

  it('gives a visitor no bell, and asks nothing for them', async () => {
    const gateway = fakeGateway(null, 0);
    renderBell();
    await waitFor(() => expect(gateway.asked).toEqual(['POST /api/login/auth-user']));
    // The restored session (none) is rendered before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('link')).toBeNull();
    expect(gateway.asked).toEqual(['POST /api/login/auth-user']);
  });
});
