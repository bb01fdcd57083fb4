import type { PlanSummary } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';
import { publishedLabel } from './published-label';

/** The 409: a plan was published since the editor opened. Replacing it takes a second, deliberate yes. */
export function NewerPlanDialog({
  newer,
  message,
  pending,
  onReplace,
  onCancel,
}: {
  newer: PlanSummary | null;
  message: string;
  pending: boolean;
  onReplace: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={newer !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Há um plano mais recente</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        {newer && (
          <p className="text-small">
            Plano {newer.plano} de {publishedLabel(newer)}. Se publicar este, ele substitui aquele como o plano que o cliente vê.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="button" variant="destructive" pending={pending} onClick={onReplace}>
            Publicar mesmo assim
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
