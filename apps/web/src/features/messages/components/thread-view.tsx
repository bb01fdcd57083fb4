import { Check, CheckCheck, Clock, CircleAlert, WifiOff } from 'lucide-react';
import { cn } from '@acompanha/ui/cn';
import { groupByDay, MESSAGE_STATE_LABELS, timeLabel, type MessageState, type ThreadEntry } from '../thread';

const STATE_ICONS: Record<MessageState, typeof Check> = {
  sending: Clock,
  waiting: WifiOff,
  sent: Check,
  read: CheckCheck,
  failed: CircleAlert,
};

/** The conversation, oldest first, under one separator a day. */
export function ThreadView({ entries }: { entries: ThreadEntry[] }) {
  return (
    <div className="flex flex-col gap-4">
      {groupByDay(entries).map((day) => (
        <section key={day.key} aria-labelledby={`dia-${day.key}`} className="flex flex-col gap-3">
          <h2 id={`dia-${day.key}`} className="flex items-center gap-3 text-caption font-semibold text-muted-foreground">
            <span aria-hidden className="h-px flex-1 bg-border" />
            {day.label}
            <span aria-hidden className="h-px flex-1 bg-border" />
          </h2>
          <ol className="flex flex-col gap-3">
            {day.entries.map((entry) => (
              <MessageItem key={entry.id} entry={entry} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function MessageItem({ entry }: { entry: ThreadEntry }) {
  const own = entry.autor === 'CLIENTE';
  const StateIcon = entry.state ? STATE_ICONS[entry.state] : null;
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}>
      {own ? <span className="sr-only">Você:</span> : <span className="text-caption font-semibold text-muted-foreground">{entry.author}</span>}
      <p
        className={cn(
          'rounded-2xl px-4 py-2.5 text-body break-words whitespace-pre-wrap',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border border-border bg-card text-foreground',
        )}
      >
        {entry.texto}
      </p>
      <p
        className={cn(
          'flex items-center gap-1 text-caption text-muted-foreground',
          entry.state === 'failed' && 'font-semibold text-destructive',
        )}
      >
        <time dateTime={entry.enviada_em}>{timeLabel(entry.enviada_em)}</time>
        {entry.state && StateIcon && (
          <>
            <span aria-hidden>·</span>
            <StateIcon aria-hidden className="size-3.5" />
            {MESSAGE_STATE_LABELS[entry.state]}
          </>
        )}
      </p>
    </li>
  );
}
