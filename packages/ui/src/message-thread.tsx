import { isSameDay, isSameYear, parseISO, subDays } from 'date-fns';
import { formatTime, isoDay } from './dates';
import { Check, CheckCheck, CircleAlert, Clock, WifiOff } from 'lucide-react';
import { cn } from './cn';
import { MessagePhotos, type LoadPhoto, type Photo } from './message-photos';

/**
 * A conversation between a client and the team (DECISIONS.md §5), as both apps show it: the
 * reader's own messages on the right, the other side's on the left with the author's name, one
 * separator a day.
 */

/** Where one of the reader's own messages stands. */
export type MessageState = 'sending' | 'waiting' | 'sent' | 'read' | 'failed';

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  sending: 'Enviando…',
  // The words the load edit uses for a write kept until the connection returns.
  waiting: 'Aguardando conexão',
  sent: 'Enviada',
  read: 'Lida',
  failed: 'Não enviada',
};

const STATE_ICONS: Record<MessageState, typeof Check> = {
  sending: Clock,
  waiting: WifiOff,
  sent: Check,
  read: CheckCheck,
  failed: CircleAlert,
};

export interface ThreadEntry {
  id: string;
  /** Written by the reader: on the right, with its state. */
  own: boolean;
  /** Shown above the message; null on the reader's own when the reader is one person. */
  author: string | null;
  /** Empty when the message is its photos alone. */
  texto: string;
  /** Shown above the text; none or [] when there are none. */
  photos?: Photo[];
  enviada_em: string;
  /** Of the reader's own messages. */
  state: MessageState | null;
}

/** A message in one line (an announcement, a list's preview): its text, or its photos when it is them alone. */
export function messageSummary(texto: string, photoCount: number): string {
  if (texto.length > 0 || photoCount === 0) return texto;
  return photoCount === 1 ? 'Foto' : `${photoCount} fotos`;
}

/** The state a stored message of the reader's shows, by when the other side read it: read once it has. */
export const storedState = (readAt: string | null): MessageState => (readAt ? 'read' : 'sent');

/** 'Hoje', 'Ontem', else the date ('20 de novembro', with the year when it is not this one). */
export function dayLabel(iso: string, today: Date = new Date()): string {
  const day = parseISO(iso);
  if (isSameDay(day, today)) return 'Hoje';
  if (isSameDay(day, subDays(today, 1))) return 'Ontem';
  return new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    ...(isSameYear(day, today) ? {} : { year: 'numeric' }),
  }).format(day);
}

export function timeLabel(iso: string): string {
  return formatTime(parseISO(iso));
}

export interface ThreadDay {
  key: string;
  label: string;
  entries: ThreadEntry[];
}

/** The entries under their day's separator. */
export function groupByDay(entries: ThreadEntry[], today: Date = new Date()): ThreadDay[] {
  const days: ThreadDay[] = [];
  for (const entry of entries) {
    const key = isoDay(parseISO(entry.enviada_em));
    const last = days.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, label: dayLabel(entry.enviada_em, today), entries: [entry] });
  }
  return days;
}

interface MessageThreadProps {
  entries: ThreadEntry[];
  /** How the messages' photos are fetched; without it, none is shown. */
  loadPhoto?: LoadPhoto;
}

/** The conversation, oldest first, under one separator a day. */
export function MessageThread({ entries, loadPhoto }: MessageThreadProps) {
  return (
    <div data-slot="message-thread" className="flex flex-col gap-4">
      {groupByDay(entries).map((day) => (
        <section key={day.key} aria-labelledby={`dia-${day.key}`} className="flex flex-col gap-3">
          <h2 id={`dia-${day.key}`} className="flex items-center gap-3 text-caption font-semibold text-muted-foreground">
            <span aria-hidden className="h-px flex-1 bg-border" />
            {day.label}
            <span aria-hidden className="h-px flex-1 bg-border" />
          </h2>
          <ol className="flex flex-col gap-3">
            {day.entries.map((entry) => (
              <MessageItem key={entry.id} entry={entry} loadPhoto={loadPhoto} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function MessageItem({ entry, loadPhoto }: { entry: ThreadEntry; loadPhoto: LoadPhoto | undefined }) {
  const StateIcon = entry.state ? STATE_ICONS[entry.state] : null;
  const photos = loadPhoto ? (entry.photos ?? []) : [];
  return (
    <li className={cn('flex max-w-[min(85%,42rem)] flex-col gap-1', entry.own ? 'items-end self-end' : 'items-start self-start')}>
      {entry.author === null ? <span className="sr-only">Você:</span> : <span className="text-caption font-semibold text-muted-foreground">{entry.author}</span>}
      {photos.length > 0 && loadPhoto && <MessagePhotos photos={photos} loadPhoto={loadPhoto} />}
      {entry.texto.length > 0 && (
        <p
          className={cn(
            'rounded-2xl px-4 py-2.5 text-body break-words whitespace-pre-wrap',
            entry.own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border border-border bg-card text-foreground',
          )}
        >
          {entry.texto}
        </p>
      )}
      <p className={cn('flex items-center gap-1 text-caption text-muted-foreground', entry.state === 'failed' && 'font-semibold text-destructive')}>
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
