import { useEffect } from 'react';
import { toast } from '../lib/toast';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** An app kept open for days at the gym still learns of a new release. */
const UPDATE_CHECK_INTERVAL = 60 * 60_000;

/**
 * Registers the service worker and, when a new version is waiting, offers to reload into it. Until
 * then the open app keeps the version it started with; the next launch after every tab is closed gets the new one.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // Offline the check fails; the next one will do.
      setInterval(() => registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    const id = toast('Nova versão disponível', {
      duration: Infinity,
      action: { label: 'Atualizar', onClick: () => void updateServiceWorker() },
    });
    return () => void toast.dismiss(id);
  }, [needRefresh, updateServiceWorker]);

  return null;
}
