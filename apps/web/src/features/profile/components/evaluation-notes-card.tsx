import type { Evaluation } from '@acompanha/contract';
import { MessageSquareText } from 'lucide-react';
import { Card, CardDescription } from '@acompanha/ui/card';
import { IconCardHeader } from './icon-card-header';

/** 'Rafael Costa · CREF 012345-G/SP': who wrote the notes, as far as the evaluation says. */
function signatureOf(professional: Evaluation['profissional']): string | null {
  if (!professional) return null;
  return professional.registro ? `${professional.nome} · ${professional.registro}` : professional.nome;
}

/** The notes the team left with the latest evaluation, signed by who published it; nothing when there are none. */
export function EvaluationNotesCard({ latest }: { latest: Evaluation }) {
  if (!latest.observacoes) return null;
  const signature = signatureOf(latest.profissional);
  return (
    <Card>
      <IconCardHeader icon={MessageSquareText} title="Observações do profissional">
        {signature && <CardDescription>{signature}</CardDescription>}
      </IconCardHeader>
      {/* The team writes in paragraphs and lists, one a line. */}
      <p className="text-body whitespace-pre-line">{latest.observacoes}</p>
    </Card>
  );
}
