import { BellOff } from 'lucide-react';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { useRestActions } from '../rest/rest-timer';

const NOTIFICATION_PROMPT = 'Ative as notificações para ser avisado quando o descanso terminar.';
const NOTIFICATION_BLOCKED =
  'As notificações estão bloqueadas. Para ser avisado do fim do descanso, permita-as nas configurações do navegador.';

/** SPEC.md §4: undecided asks with 'Permitir'; denied says so; granted or unsupported shows nothing. */
export function NotificationNotice() {
  const { permission, requestPermission } = useRestActions();
  if (permission === 'default') {
    return (
      <Alert variant="info">
        <p>{NOTIFICATION_PROMPT}</p>
        <Button size="sm" variant="outline" className="self-start" onClick={() => void requestPermission()}>
          Permitir
        </Button>
      </Alert>
    );
  }
  if (permission === 'denied') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl bg-muted px-4 py-3 text-small font-medium text-muted-foreground">
        <BellOff aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>{NOTIFICATION_BLOCKED}</p>
      </div>
    );
  }
  return null;
}
