import type { Diet } from '@acompanha/contract';
import { Moon, Salad } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { OfflineNotice, waitsForConnection } from '../../../components/offline-notice';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Card } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';
import { Skeleton } from '@acompanha/ui/skeleton';
import { useDiets } from '../../../lib/plan-lists';

export function DietsSection({ evaluationId }: { evaluationId: number }) {
  const dietsQuery = useDiets(evaluationId);
  const { data: diets, isPending, isError } = dietsQuery;
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} aria-busy={isPending} className="flex flex-col gap-3">
      <h2 id={headingId} className="flex min-h-11 items-center text-title font-bold tracking-tight">
        Minhas dietas
      </h2>
      {waitsForConnection(dietsQuery) ? (
        <OfflineNotice />
      ) : isPending ? (
        <>
          {/* A diet card's height, so that nothing below moves when the cards arrive. */}
          <Skeleton className="h-36 w-full rounded-2xl" />
          <Skeleton className="h-36 w-full rounded-2xl" />
        </>
      ) : isError ? (
        <Alert variant="destructive">Erro ao carregar dietas</Alert>
      ) : diets.length === 0 ? (
        <Alert variant="info">Criação da dieta em andamento</Alert>
      ) : (
        <ul className="flex flex-col gap-3">
          {diets.map((diet) => (
            <li key={diet.id}>
              <DietCard diet={diet} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DietCard({ diet }: { diet: Diet }) {
  const headingId = useId();
  return (
    <Card data-slot="diet-card" aria-labelledby={headingId} role="group" className="gap-3">
      <div className="flex items-start gap-3">
        <IconTile icon={diet.is_dia_de_treino ? Salad : Moon} />
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={headingId} className="text-body font-bold">
            {diet.is_dia_de_treino ? 'Dieta para dias de treino' : 'Dieta para dias sem treino'}
          </h3>
          <p className="text-small text-muted-foreground">{diet.titulo}</p>
        </div>
      </div>
      <Button asChild variant="secondary" size="sm">
        <Link to={`/diet/${diet.id}`}>Acessar dieta</Link>
      </Button>
    </Card>
  );
}
