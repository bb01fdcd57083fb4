import { ImagePlus, SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { PhotoAttachments, type ComposerAttachment } from './photo-attachments';

export type { AttachmentStatus, ComposerAttachment } from './photo-attachments';

const EMPTY_MESSAGE = 'Escreva a mensagem.';
/** The count shows once the text is this close to the limit. */
const COUNT_MARGIN = 200;
const tooManyPhotos = (max: number) => `Você pode enviar no máximo ${max} fotos por mensagem.`;

/** The photos a message may carry: the app prepares and uploads them, the composer shows them. */
export interface ComposerPhotos {
  attachments: ComposerAttachment[];
  /** The most photos a message carries: a choice beyond it is refused, saying so. */
  max: number;
  /** The types the picker offers (camera or gallery on a phone). */
  accept: string;
  /** The pictures chosen, at most as many as there is room for. */
  onAttach: (files: File[]) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

interface MessageComposerProps {
  placeholder: string;
  /** The most characters a message may have (the API's). */
  maxLength: number;
  /**
   * Called with the trimmed text (empty when photos go alone). The field empties at once, whatever
   * becomes of the send, unless it answers why the message cannot go yet: that is shown instead.
   */
  onSend: (texto: string) => string | void;
  /** Given, the composer can attach photos. */
  photos?: ComposerPhotos;
  className?: string;
}

/**
 * The message being written: it grows with the text, and 'Enviar' sends it (on a phone Enter is a
 * new line; on a keyboard Ctrl+Enter also sends). With `photos`, 'Anexar fotos' opens the camera or
 * the gallery, and the photos chosen show above the text until the message goes.
 */
export function MessageComposer({ placeholder, maxLength, onSend, photos, className }: MessageComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // About the photos, not the text: the field is not marked invalid for it.
  const [notice, setNotice] = useState<string | null>(null);
  const errorId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const attached = photos?.attachments.length ?? 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const texto = text.trim();
    if (texto.length === 0 && attached === 0) {
      setError(EMPTY_MESSAGE);
      return;
    }
    setError(null);
    const refusal = onSend(texto);
    setNotice(refusal || null);
    if (!refusal) setText('');
  };

  const openPicker = () => {
    if (!photos) return;
    if (attached >= photos.max) setNotice(tooManyPhotos(photos.max));
    else picker.current?.click();
  };
  const attach = (files: File[]) => {
    if (!photos || files.length === 0) return;
    const room = photos.max - attached;
    setNotice(files.length > room ? tooManyPhotos(photos.max) : null);
    if (room > 0) photos.onAttach(files.slice(0, room));
  };

  const sendOnCtrlEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
  };

  return (
    <form noValidate onSubmit={submit} data-slot="message-composer" className={cn('flex shrink-0 flex-col gap-1', className)}>
      {photos && attached > 0 && (
        <PhotoAttachments
          attachments={photos.attachments}
          onRemove={(id) => {
            setNotice(null);
            photos.onRemove(id);
          }}
          onRetry={photos.onRetry}
        />
      )}
      <div className="flex items-end gap-2">
        {photos && (
          <>
            <Button type="button" variant="ghost" size="icon" aria-label="Anexar fotos" className="shrink-0 text-primary" onClick={openPicker}>
              <ImagePlus aria-hidden />
            </Button>
            <input
              ref={picker}
              type="file"
              accept={photos.accept}
              multiple
              hidden
              aria-label="Escolher fotos"
              onChange={(event) => {
                attach([...(event.target.files ?? [])]);
                // The same picture chosen again, after being removed, is a change too.
                event.target.value = '';
              }}
            />
          </>
        )}
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
        {/* Under 360 px the word would squeeze the field to a word a line: the icon alone shows, the name stays. */}
        <Button type="submit" className="shrink-0 max-[359px]:w-11 max-[359px]:px-0">
          <SendHorizontal aria-hidden />
          <span className="max-[359px]:sr-only">Enviar</span>
        </Button>
      </div>
      {/* Said as it appears: a choice of photos refused happens away from the field. */}
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
      {(error !== null || notice !== null || text.length >= maxLength - COUNT_MARGIN) && (
        <div className="flex justify-between gap-2 text-caption">
          <p id={errorId} className="font-semibold text-destructive">
            {error ?? notice}
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
