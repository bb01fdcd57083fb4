import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Card } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';
import { Skeleton } from '@acompanha/ui/skeleton';
import { BellRing, Smartphone } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessageOf } from '@acompanha/client';
import { sendTestPush } from '../api/push';
import type { DeviceStatus } from '../hooks/use-push-device';

export const IPHONE_NOTE =
  'No iPhone, as notificações só funcionam depois que o Acompanha é adicionado à Tela de Início: no Safari, toque em Compartilhar e depois em "Adicionar à Tela de Início", e abra o app por lá.';
export const BLOCKED_MESSAGE =
  'As notificações do Acompanha estão bloqueadas neste aparelho. Para recebê-las, permita as notificações deste site nas configurações do navegador (no cadeado ao lado do endereço ou nos ajustes do celular) e volte a esta tela.';
const UNSUPPORTED_MESSAGE = 'Este navegador não recebe notificações.';
const ENABLE_FAILED = 'Não foi possível ativar as notificações. Verifique sua internet e tente novamente.';
const DISABLE_FAILED = 'Não foi possível desativar as notificações. Verifique sua internet e tente novamente.';
export const TEST_SENT = 'Notificação de teste enviada. Ela deve aparecer em instantes.';

interface DeviceCardProps {
  status: DeviceStatus;
  endpoint: string | null;
  enable: () => Promise<DeviceStatus>;
  disable: () => Promise<void>;
  /** Called once this device is subscribed: the settings are saved with its time zone. */
  onEnabled: () => void;
}

/** Whether this device receives notifications, and the one button that changes it. */
export function DeviceCard({ status, endpoint, enable, disable, onEnabled }: DeviceCardProps) {
  const headingId = useId();
  const [pending, setPending] = useState<'enable' | 'disable' | 'test' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (action: 'enable' | 'disable' | 'test', work: () => Promise<void>, failure: (error: unknown) => string) => {
    setPending(action);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setPending(null);
    }
  };

  const turnOn = () =>
    run(
      'enable',
      async () => {
        if ((await enable()) === 'on') onEnabled();
      },
      () => ENABLE_FAILED,
    );
  const turnOff = () => run('disable', disable, () => DISABLE_FAILED);
  const test = () =>
    run(
      'test',
      async () => {
        await sendTestPush(endpoint!);
        toast.success(TEST_SENT);
      },
      errorMessageOf,
    );

  return (
    <Card role="region" aria-labelledby={headingId}>
      <div className="flex items-center gap-3">
        <IconTile icon={Smartphone} />
        <h2 id={headingId} className="text-body font-bold">
          Neste aparelho
        </h2>
      </div>
      {status === 'checking' ? (
        <Skeleton className="h-12 rounded-xl" />
      ) : status === 'unsupported' ? (
        <Alert variant="info">
          <p>{UNSUPPORTED_MESSAGE}</p>
        </Alert>
      ) : status === 'blocked' ? (
        <Alert variant="warning">
          <p>{BLOCKED_MESSAGE}</p>
        </Alert>
      ) : status === 'off' ? (
        <>
          <p className="text-body text-muted-foreground">
            Receba as respostas da equipe e seus lembretes mesmo com o app fechado. O navegador vai pedir sua permissão.
          </p>
          <Button pending={pending === 'enable'} onClick={() => void turnOn()}>
            <BellRing aria-hidden />
            Ativar notificações
          </Button>
        </>
      ) : (
        <>
          <Alert variant="success">
            <p>Notificações ativadas neste aparelho.</p>
          </Alert>
          <div className="flex flex-col gap-2">
            <Button variant="outline" pending={pending === 'test'} disabled={pending !== null} onClick={() => void test()}>
              Enviar notificação de teste
            </Button>
            <Button variant="ghost" pending={pending === 'disable'} disabled={pending !== null} onClick={() => void turnOff()}>
              Desativar neste aparelho
            </Button>
          </div>
        </>
      )}
      {problem && (
        <Alert variant="destructive">
          <p>{problem}</p>
        </Alert>
      )}
      <p className="text-small text-muted-foreground">{IPHONE_NOTE}</p>
    </Card>
  );
}
