import type { Evaluation } from '@acompanha/contract';
import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@acompanha/ui/button';
import { Card, CardDescription } from '@acompanha/ui/card';
import { evaluationDate } from '../evaluation-report';
import { formatDay } from '@acompanha/ui/format';
import { IconCardHeader } from './icon-card-header';

const PDF_FAILURE_MESSAGE = 'Não foi possível gerar o PDF. Tente novamente.';

interface EvaluationCardProps {
  latest: Evaluation;
  /** Builds and saves the PDF; the button spins until it settles. */
  onDownload: () => Promise<void>;
}

export function EvaluationCard({ latest, onDownload }: EvaluationCardProps) {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const download = async () => {
    setState('pending');
    try {
      await onDownload();
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <Card>
      <IconCardHeader icon={FileText} title="Avaliação antropométrica">
        <CardDescription>Última avaliação: {formatDay(evaluationDate(latest))}</CardDescription>
      </IconCardHeader>
      <Button pending={state === 'pending'} onClick={() => void download()} className="w-full">
        <Download aria-hidden />
        Baixar PDF
      </Button>
      {state === 'failed' && (
        <p role="alert" className="text-small font-medium text-destructive">
          {PDF_FAILURE_MESSAGE}
        </p>
      )}
    </Card>
  );
}
