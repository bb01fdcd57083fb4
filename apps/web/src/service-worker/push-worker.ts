import { isOnScreen, notificationOf, readPush, urlOfNotification, windowForTap } from './push-handlers';

/**
 * The service worker's push and tap handlers, loaded by Workbox's generated worker with
 * importScripts (vite.config.ts; built by build/push-worker-plugin.ts). The DOM library has no
 * service-worker globals, so the few used are described here.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  visibilityState: DocumentVisibilityState;
  focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = globalThis as unknown as ServiceWorkerScope;

const appWindows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

function dataOf(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return { corpo: event.data?.text() };
  }
}

worker.addEventListener('push', (event) => {
  const message = readPush(dataOf(event));
  event.waitUntil(
    (async () => {
      if (isOnScreen(message, await appWindows())) return;
      const { title, options } = notificationOf(message);
      await worker.registration.showNotification(title, options);
    })(),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(urlOfNotification(event.notification.data), worker.location.origin).href;
  event.waitUntil(
    (async () => {
      const target = windowForTap(await appWindows(), url);
      if (!target) {
        await worker.clients.openWindow(url);
        return;
      }
      // Focusing needs the tap's user activation; without it (a test's synthetic tap) the window still shows the screen.
      await target.window.focus().catch(() => undefined);
      if (!target.navigate) return;
      try {
        await target.window.navigate(url);
      } catch {
        // A window this worker does not control cannot be sent elsewhere: open the screen in a new one.
        await worker.clients.openWindow(url);
      }
    })(),
  );
});
