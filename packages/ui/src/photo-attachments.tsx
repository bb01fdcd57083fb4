import { RotateCw, X } from 'lucide-react';
import { BlobImage } from './blob-image';
import { cn } from './cn';

/** Where a photo chosen for a message stands, from its shrinking on the device to its upload. */
export type AttachmentStatus = 'preparing' | 'waiting' | 'uploading' | 'uploaded' | 'failed' | 'refused';

export interface ComposerAttachment {
  id: string;
  /** The picture as it will be sent, once prepared. */
  preview: Blob | null;
  status: AttachmentStatus;
  /** Of an upload under way: from 0 to 1. */
  progress?: number;
  /** Why a refused photo cannot be sent. */
  error?: string;
}

const STATUS_LABELS: Record<Exclude<AttachmentStatus, 'uploading' | 'refused'>, string> = {
  preparing: 'Preparando…',
  // The words the thread uses for what waits for the connection.
  waiting: 'Aguardando conexão',
  uploaded: 'Pronta',
  failed: 'Não enviada',
};

function statusLabel({ status, progress = 0, error }: ComposerAttachment): string {
  if (status === 'uploading') return `Enviando… ${Math.round(progress * 100)}%`;
  if (status === 'refused') return error ?? 'Não pode ser enviada';
  return STATUS_LABELS[status];
}

interface PhotoAttachmentsProps {
  attachments: ComposerAttachment[];
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

/** The photos chosen for the message being written: each with its state, removable, and sent again after a failure. */
export function PhotoAttachments({ attachments, onRemove, onRetry }: PhotoAttachmentsProps) {
  return (
    <ul aria-label="Fotos anexadas" data-slot="photo-attachments" className="flex gap-3 overflow-x-auto pt-2 pb-1">
      {attachments.map((attachment, index) => {
        const name = `foto ${index + 1}`;
        const percent = Math.round((attachment.progress ?? 0) * 100);
        return (
          <li key={attachment.id} className="flex w-20 shrink-0 flex-col gap-1">
            <div className="relative size-20 overflow-hidden rounded-xl border border-border bg-muted">
              {attachment.preview && <BlobImage blob={attachment.preview} alt={`Foto ${index + 1}`} className="size-full object-cover" />}
              {attachment.status === 'uploading' && (
                <div
                  role="progressbar"
                  aria-label={`Envio da ${name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="absolute inset-x-0 bottom-0 h-1.5 bg-card"
                >
                  <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              )}
              {attachment.status === 'failed' && (
                <button
                  type="button"
                  aria-label={`Enviar a ${name} de novo`}
                  onClick={() => onRetry(attachment.id)}
                  className="absolute inset-0 m-auto flex size-11 cursor-pointer items-center justify-center rounded-full border border-input bg-card text-foreground shadow-sm hover:bg-muted"
                >
                  <RotateCw aria-hidden className="size-5" />
                </button>
              )}
            </div>
            <p className={cn('text-caption', attachment.status === 'refused' || attachment.status === 'failed' ? 'font-semibold text-destructive' : 'text-muted-foreground')}>
              {statusLabel(attachment)}
            </p>
            <button
              type="button"
              aria-label={`Remover ${name}`}
              onClick={() => onRemove(attachment.id)}
              className="-mt-1 self-start text-caption font-semibold text-primary underline-offset-4 hover:underline min-h-11 min-w-11 cursor-pointer text-left"
            >
              <X aria-hidden className="mr-0.5 inline size-3.5 align-[-2px]" />
              Remover
            </button>
          </li>
        );
      })}
    </ul>
  );
}
