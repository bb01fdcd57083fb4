import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from './button';
import { cn } from './cn';

const EMPTY_MESSAGE = 'Escreva a mensagem.';
/** The count shows once the text is this close to the limit. */
const COUNT_MARGIN = 200;

interface MessageComposerProps {
  placeholder: string;
  /** The most characters a message may have (the API's). */
  maxLength: number;
  /** Called with the trimmed text; the field empties at once, whatever becomes of the send. */
  onSend: (texto: string) => void;
  className?: string;
}

/**
 * The message being written: it grows with the text, and 'Enviar' sends it (on a phone Enter is a
 * new line; on a keyboard Ctrl+Enter also sends).
 */
export function MessageComposer({ placeholder, maxLength, onSend, className }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const texto = text.trim();
    if (texto.length === 0) {
      setError(EMPTY_MESSAGE);
      return;
    }
    setError(null);
    onSend(texto);
    setText('');
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <form noValidate onSubmit={submit} data-slot="message-composer" className={cn('flex shrink-0 flex-col gap-1', className)}>
      <div className="flex items-end gap-2">
        <textarea
          aria-label="Mensagem"
          placeholder={placeholder}
          rows={1}
          maxLength={maxLength}
          value={text}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={sendOnCtrlEnter}
          className={cn(
            'max-h-40 min-h-12 w-full min-w-0 flex-1 resize-none rounded-xl border border-input bg-card px-4 py-2.5 text-body text-foreground shadow-xs [field-sizing:content] placeholder:text-muted-foreground/80',
            'focus-visible:border-ring focus-visible:outline-offset-0',
            'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive',
          )}
        />
        <Button type="submit" className="shrink-0">
          <SendHorizontal aria-hidden />
          Enviar
        </Button>
      </div>
      {(error !== null || text.length >= maxLength - COUNT_MARGIN) && (
        <div className="flex justify-between gap-2 text-caption">
          <p id={errorId} className="font-semibold text-destructive">
            {error}
          </p>
          {text.length >= maxLength - COUNT_MARGIN && (
            <p className="text-muted-foreground tabular-nums">
              {text.length.toLocaleString('pt-BR')}/{maxLength.toLocaleString('pt-BR')}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
