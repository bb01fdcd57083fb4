import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@acompanha/ui/dialog';

function unsentWritesMessage(count: number): string {
  const what = count === 1 ? 'Um registro feito sem conexão ainda não foi enviado' : `${count} registros feitos sem conexão ainda não foram enviados`;
  return `${what} (água, séries, mensagens…). Se sair agora, eles ficam guardados neste aparelho e só serão enviados quando você entrar de novo nele.`;
}

/** 'Sair sem enviar seus registros?': asked by 'Sair' while writes wait for a connection (session-header.tsx). */
export default function SignOutDialog({ unsent, onSignOut, onCancel }: { unsent: number; onSignOut: () => void; onCancel: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sair sem enviar seus registros?</DialogTitle>
          <DialogDescription>{unsentWritesMessage(unsent)}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Button variant="destructive" onClick={onSignOut}>
            Sair assim mesmo
          </Button>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
