import type { LibraryActivity } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { PlayCircle, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { Pager, pageCount } from '../../components/pager';
import { useActivityPage } from '../../lib/activities';
import { useSettledValue } from '../../lib/settled-value';
import { usePageTitle } from '../../lib/page-title';
import { ActivityForm } from './activity-form';
import { useMergeActivity, useRetireActivity } from './api/activities';

/** What a row of the library shows in its place: the activity, its edit form, or a merge or retiring to confirm. */
type RowMode = { id: number; mode: 'edit' | 'merge' | 'retire' } | null;

/**
 * `/atividades`: the library the plans' exercises name, a page at a time as the API searches it by
 * name or muscle group; add, edit, merge a duplicate into another, retire.
 */
export function ActivitiesPage() {
  usePageTitle('Atividades');
  const [search, setSearch] = useState('');
  const busca = useSettledValue(search.trim());
  // A new search starts at its first page.
  const [paging, setPaging] = useState({ busca: '', page: 0 });
  const page = paging.busca === busca ? paging.page : 0;
  const library = useActivityPage({ busca, page });
  const [row, setRow] = useState<RowMode>(null);
  const [notice, setNotice] = useState('');
  const searchId = useId();
  const pages = library.data ? pageCount(library.data.total, library.data.size) : 1;
  const done = (message: string) => {
    setRow(null);
    setNotice(message);
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">Atividades</h1>
        <p className="text-small text-muted-foreground">A biblioteca de onde os planos tiram seus exercícios. Uma edição vale para os planos publicados depois dela; os já publicados ficam como foram publicados.</p>
      </div>
      <section aria-labelledby="nova-atividade" className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6">
        <h2 id="nova-atividade" className="text-title font-bold">
          Nova atividade
        </h2>
        <ActivityForm activity={null} onDone={(saved) => setNotice(`${saved.titulo} adicionada à biblioteca.`)} />
      </section>
      <p role="status" className="text-small font-semibold text-primary-soft-foreground empty:hidden">
        {notice}
      </p>
      <section aria-labelledby="biblioteca" className="flex flex-col gap-3">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <h2 id="biblioteca" className="text-title font-bold">
            Biblioteca
          </h2>
          <div className="relative md:w-80">
            <label htmlFor={searchId} className="sr-only">
              Buscar atividade
            </label>
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground" />
            <Input id={searchId} type="search" className="pl-10" placeholder="Nome ou grupo muscular" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
        </div>
        {library.isPending ? (
          <Skeleton className="h-40" aria-busy />
        ) : library.isError ? (
          <LoadError error={library.error} retrying={library.isFetching} onRetry={() => void library.refetch()} />
        ) : library.data.results.length === 0 ? (
          <p className="text-muted-foreground">Nenhuma atividade encontrada.</p>
        ) : (
          <>
            <ul className="flex flex-col gap-2" aria-busy={library.isPlaceholderData}>
              {library.data.results.map((activity) =>
                row?.id !== activity.id ? (
                  <ActivityRow key={activity.id} activity={activity} onMode={(mode) => setRow({ id: activity.id, mode })} />
                ) : row.mode === 'edit' ? (
                  <li key={activity.id} aria-label={`Editando ${activity.titulo}`} className="rounded-xl border border-primary bg-card px-4 py-3 shadow-xs">
                    <ActivityForm activity={activity} onDone={(saved) => done(`${saved.titulo} salva.`)} onCancel={() => setRow(null)} />
                  </li>
                ) : row.mode === 'merge' ? (
                  <MergeRow key={activity.id} activity={activity} onDone={done} onCancel={() => setRow(null)} />
                ) : (
                  <RetireRow key={activity.id} activity={activity} onDone={done} onCancel={() => setRow(null)} />
                ),
              )}
            </ul>
            <Pager
              label="Páginas da biblioteca"
              summary={library.data.total === 1 ? '1 atividade' : `${library.data.total.toLocaleString('pt-BR')} atividades`}
              page={page}
              pages={pages}
              onPage={(next) => setPaging({ busca, page: next })}
            />
          </>
        )}
      </section>
    </div>
  );
}

function VideoLink({ activity }: { activity: LibraryActivity }) {
  return activity.video ? (
    <a
      href={activity.video}
      target="_blank"
      rel="noreferrer"
      aria-label={`Vídeo de ${activity.titulo} (abre em outra aba)`}
      className="flex min-h-11 items-center gap-1 rounded-lg text-small font-semibold text-primary hover:underline"
    >
      <PlayCircle aria-hidden className="size-4" />
      Vídeo
    </a>
  ) : (
    <span className="text-small text-muted-foreground">Sem vídeo</span>
  );
}

function ActivityRow({ activity, onMode }: { activity: LibraryActivity; onMode: (mode: 'edit' | 'merge' | 'retire') => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-border bg-card px-4 py-2 shadow-xs">
      <span className="flex min-w-48 flex-1 flex-col">
        <span className="font-semibold">{activity.titulo}</span>
        <span className="text-small text-muted-foreground">{activity.grupo_muscular}</span>
      </span>
      <VideoLink activity={activity} />
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" aria-label={`Editar ${activity.titulo}`} onClick={() => onMode('edit')}>
          Editar
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Mesclar ${activity.titulo}`} onClick={() => onMode('merge')}>
          Mesclar
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={`Retirar ${activity.titulo}`} onClick={() => onMode('retire')}>
          Retirar
        </Button>
      </div>
    </li>
  );
}

interface ChangeRowProps {
  activity: LibraryActivity;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** A duplicate merged into the activity that stays, found by a search of the API, then confirmed. */
function MergeRow({ activity, onDone, onCancel }: ChangeRowProps) {
  const [search, setSearch] = useState('');
  const [into, setInto] = useState<LibraryActivity | null>(null);
  const found = useActivityPage({ busca: useSettledValue(search.trim()), size: 10 });
  const merge = useMergeActivity();
  const searchId = useId();
  const choices = (found.data?.results ?? []).filter((other) => other.id !== activity.id);

  return (
    <li aria-label={`Mesclando ${activity.titulo}`} className="flex flex-col gap-3 rounded-xl border border-primary bg-card px-4 py-3 shadow-xs">
      <p className="text-small">
        Os exercícios e o histórico de <strong>{activity.titulo}</strong> ({activity.grupo_muscular}) passam para a atividade escolhida, e esta sai da biblioteca.
      </p>
      {into ? (
        <p className="font-semibold">
          Mesclar {activity.titulo} em {into.titulo} ({into.grupo_muscular})?
        </p>
      ) : (
        <>
          <label htmlFor={searchId} className="text-small font-semibold">
            Atividade que fica
          </label>
          <Input id={searchId} type="search" placeholder="Nome ou grupo muscular" value={search} onChange={(event) => setSearch(event.target.value)} />
          <ul className="flex flex-col gap-1" aria-label="Atividades encontradas">
            {choices.map((other) => (
              <li key={other.id}>
                <Button type="button" variant="secondary" size="sm" className="h-auto min-h-11 w-full justify-start whitespace-normal" onClick={() => setInto(other)}>
                  {other.titulo} ({other.grupo_muscular}){other.video ? ' · com vídeo' : ''}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {merge.isError && (
        <Alert variant="destructive">
          <p>{merge.error.message}</p>
        </Alert>
      )}
      <div className="flex gap-2">
        {into && (
          <Button
            type="button"
            pending={merge.isPending}
            onClick={() => merge.mutate({ id: activity.id, into: into.id }, { onSuccess: (kept) => onDone(`${activity.titulo} mesclada em ${kept.titulo}.`) })}
          >
            Mesclar
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </li>
  );
}

/** Retiring, confirmed: the plans that name the activity keep it. */
function RetireRow({ activity, onDone, onCancel }: ChangeRowProps) {
  const retire = useRetireActivity();
  return (
    <li aria-label={`Retirando ${activity.titulo}`} className="flex flex-col gap-3 rounded-xl border border-primary bg-card px-4 py-3 shadow-xs">
      <p className="font-semibold">Retirar {activity.titulo} da biblioteca?</p>
      <p className="text-small text-muted-foreground">Os planos que já a usam continuam com ela. Publicar um plano com ela a traz de volta.</p>
      {retire.isError && (
        <Alert variant="destructive">
          <p>{retire.error.message}</p>
        </Alert>
      )}
      <div className="flex gap-2">
        <Button type="button" pending={retire.isPending} onClick={() => retire.mutate(activity.id, { onSuccess: () => onDone(`${activity.titulo} retirada da biblioteca.`) })}>
          Retirar
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </li>
  );
}
