import { describe, expect, it } from 'vitest';
import { isOnScreen, notificationOf, readPush, urlOfNotification, windowForTap, type AppWindow } from './push-handlers';

const teamMessage = readPush({ titulo: 'Rafael Costa', corpo: 'Pode trocar o leg press.', url: '/chat', tag: 'mensagens' });
const open = (path: string, visibilityState: DocumentVisibilityState = 'visible', focused = false): AppWindow => ({
  url: `https://app.acompanha.test${path}`,
  visibilityState,
  focused,
});

describe('the service worker and a push', () => {
  it('shows the title, body, icon, badge and tag, and keeps the screen to open', () => {
    expect(notificationOf(teamMessage)).toEqual({
      title: 'Rafael Costa',
      options: {
        body: 'Pode trocar o leg press.',
        icon: '/pwa-192x192.png',
        badge: '/badge-96x96.png',
        tag: 'mensagens',
        lang: 'pt-BR',
        data: { url: '/chat' },
      },
    });
  });

  it('reads a push it does not understand as the app, opening the home, and never a screen of another site', () => {
    expect(readPush(null)).toEqual({ titulo: 'Acompanha', corpo: '', url: '/', tag: '/' });
    expect(readPush({ titulo: 'Oi', url: 'https://evil.example/x' }).url).toBe('/');
    expect(readPush({ titulo: 'Oi', url: '//evil.example/x' }).url).toBe('/');
    expect(urlOfNotification({ url: '/workout/3' })).toBe('/workout/3');
    expect(urlOfNotification(undefined)).toBe('/');
  });

  it('does not notify a team message while the conversation is on screen, and does when it is not', () => {
    expect(isOnScreen(teamMessage, [open('/chat')])).toBe(true);
    expect(isOnScreen(teamMessage, [open('/chat', 'hidden')])).toBe(false);
    expect(isOnScreen(teamMessage, [open('/profile'), open('/chat', 'hidden')])).toBe(false);
    expect(isOnScreen(readPush({ titulo: 'Hora de beber água', url: '/', tag: 'agua' }), [open('/')])).toBe(false);
  });

  it('on a tap, brings forward the window already on the screen, else sends the focused one there, else opens one', () => {
    const chat = open('/chat', 'hidden');
    const home = open('/', 'visible', true);
    expect(windowForTap([home, chat], 'https://app.acompanha.test/chat')).toEqual({ window: chat, navigate: false });
    expect(windowForTap([open('/faq'), home], 'https://app.acompanha.test/chat')).toEqual({ window: home, navigate: true });
    expect(windowForTap([], 'https://app.acompanha.test/chat')).toBeNull();
  });
});
