import { WATER_REMINDER_HOURS, type PushPreferences } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Card } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';
import { Input } from '@acompanha/ui/input';
import { Label } from '@acompanha/ui/label';
import { Skeleton } from '@acompanha/ui/skeleton';
import { Switch } from '@acompanha/ui/switch';
import { SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { deviceTimeZone, usePreferences, useSavePreferences } from '../api/push';

export const SAVE_FAILED = 'Não foi possível salvar suas preferências. Tente novamente.';
const LOAD_FAILED = 'Não foi possível carregar suas preferências.';
export const WATER_ORDER_MESSAGE = 'O horário de início deve ser antes do fim.';

/** 'Horário Padrão de Brasília', the device's zone as people name it; its IANA name when the browser has none. */
function zoneName(): string {
  const part = new Intl.DateTimeFormat('pt-BR', { timeZoneName: 'long' }).formatToParts(new Date()).find((piece) => piece.type === 'timeZoneName');
  return part?.value ?? deviceTimeZone();
}

type Settings = Omit<PushPreferences, 'fuso_horario'>;

/** What the account is told of, and when: team messages, workout days at a time, water every N hours between two times. */
export function PreferencesCard() {
  const headingId = useId();
  const preferences = usePreferences();
  const save = useSavePreferences();

  if (preferences.isPending) return <Skeleton className="h-72 rounded-2xl" />;
  if (!preferences.data) {
    return (
      <Alert variant="destructive">
        <p>{LOAD_FAILED}</p>
        <Button variant="outline" size="sm" className="self-start" onClick={() => void preferences.refetch()}>
          Tentar novamente
        </Button>
      </Alert>
    );
  }
  const { fuso_horario: _zone, ...settings } = preferences.data;
  const change = (next: Settings) => save.mutate(next, { onError: () => toast.error(SAVE_FAILED) });

  return (
    <Card role="region" aria-labelledby={headingId}>
      <div className="flex items-center gap-3">
        <IconTile icon={SlidersHorizontal} />
        <h2 id={headingId} className="text-body font-bold">
          O que avisar
        </h2>
      </div>
      <Setting
        label="Mensagens da equipe"
        description="Quando alguém da equipe responder no chat."
        checked={settings.mensagens}
        onCheckedChange={(mensagens) => change({ ...settings, mensagens })}
      />
      <Setting
        label="Dias de treino"
        description="Nos dias do seu treino, com o nome dele."
        checked={settings.treino.ativo}
        onCheckedChange={(ativo) => change({ ...settings, treino: { ...settings.treino, ativo } })}
      >
        <TimeField label="Horário do lembrete" value={settings.treino.horario} onCommit={(horario) => change({ ...settings, treino: { ...settings.treino, horario } })} />
      </Setting>
      <Setting
        label="Beber água"
        description="Enquanto você não atingir a meta do dia."
        checked={settings.agua.ativo}
        onCheckedChange={(ativo) => change({ ...settings, agua: { ...settings.agua, ativo } })}
      >
        <WaterFields settings={settings} onChange={change} />
      </Setting>
      <p className="text-small text-muted-foreground">Os horários seguem o fuso deste aparelho ({zoneName()}).</p>
      <p role="status" className="min-h-5 text-small font-medium text-muted-foreground">
        {save.isPending ? 'Salvando…' : save.isSuccess ? 'Preferências salvas.' : ''}
      </p>
    </Card>
  );
}

interface SettingProps {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The setting's times, shown while it is on. */
  children?: ReactNode;
}

function Setting({ label, description, checked, onCheckedChange, children }: SettingProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-0.5">
          <label htmlFor={id} className="text-body font-semibold">
            {label}
          </label>
          <p id={`${id}-description`} className="text-small text-muted-foreground">
            {description}
          </p>
        </div>
        <Switch id={id} aria-describedby={`${id}-description`} checked={checked} onCheckedChange={onCheckedChange} className="mt-1" />
      </div>
      {checked && children}
    </div>
  );
}

/** A time of day, saved once it is a whole `HH:mm`; it shows the saved one again when that changes. */
function TimeField({ label, value, onCommit, invalid }: { label: string; value: string; onCommit: (time: string) => void; invalid?: boolean }) {
  const id = useId();
  const [text, setText] = useState(value);
  // The saved time changed (this field's save, or another device's): show it.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setText(value);
  }
  return (
    <div className="flex flex-1 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="time"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (/^\d\d:\d\d$/.test(event.target.value) && event.target.value !== value) onCommit(event.target.value);
        }}
      />
    </div>
  );
}

function WaterFields({ settings, onChange }: { settings: Settings; onChange: (next: Settings) => void }) {
  const intervalId = useId();
  const [outOfOrder, setOutOfOrder] = useState(false);
  const water = settings.agua;
  const changeTimes = (times: Pick<Settings['agua'], 'inicio' | 'fim'>) => {
    const next = { ...water, ...times };
    setOutOfOrder(next.inicio >= next.fim);
    if (next.inicio < next.fim) onChange({ ...settings, agua: next });
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={intervalId}>Lembrar a cada</Label>
        <select
          id={intervalId}
          value={water.a_cada_horas}
          onChange={(event) => onChange({ ...settings, agua: { ...water, a_cada_horas: Number(event.target.value) } })}
          className="h-12 w-full rounded-xl border border-input bg-card px-4 text-body text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-offset-0"
        >
          {WATER_REMINDER_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 1 ? '1 hora' : `${hours} horas`}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-3">
        <TimeField label="Das" value={water.inicio} invalid={outOfOrder} onCommit={(inicio) => changeTimes({ inicio, fim: water.fim })} />
        <TimeField label="Até" value={water.fim} invalid={outOfOrder} onCommit={(fim) => changeTimes({ inicio: water.inicio, fim })} />
      </div>
      {outOfOrder && (
        <p role="alert" className="text-small font-medium text-destructive">
          {WATER_ORDER_MESSAGE}
        </p>
      )}
    </div>
  );
}
