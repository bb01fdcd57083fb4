import { DEFAULT_PUSH_PREFERENCES, type PushPreferences } from '@acompanha/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { DocumentTitle } from '../../components/document-title';
import { BackLink } from '../../components/back-link';
import { pushKeys, useSavePreferences } from './api/push';
import { DeviceCard } from './components/device-card';
import { PreferencesCard, SAVE_FAILED } from './components/preferences-card';
import { usePushDevice } from './hooks/use-push-device';

/**
 * Perfil › Notificações (issue 26): whether this device receives notifications (the browser's
 * permission asked only after a tap, a blocked permission explained, the iPhone's Home Screen
 * note, a test), and what the account is told of and when.
 */
export function NotificationsPage() {
  const device = usePushDevice();
  const queryClient = useQueryClient();
  const save = useSavePreferences();
  // The reminders' times are read in the time zone of the device that saved them: a device just
  // subscribed saves the settings as they are, with its own zone.
  const saveWithThisZone = () => {
    const { fuso_horario: _zone, ...settings } = queryClient.getQueryData<PushPreferences>(pushKeys.preferences) ?? DEFAULT_PUSH_PREFERENCES;
    save.mutate(settings, { onError: () => toast.error(SAVE_FAILED) });
  };

  return (
    <>
      <DocumentTitle>Notificações</DocumentTitle>
      <BackLink fallback="/profile" />
      <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
        Notificações
      </h1>
      <DeviceCard {...device} onEnabled={saveWithThisZone} />
      <PreferencesCard />
    </>
  );
}
