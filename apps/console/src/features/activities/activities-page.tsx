import { searchActivities, type LibraryActivity } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { PlayCircle, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadError } from '../../components/load-error';
import { useActivities } from '../../lib/activities';
import { usePageTitle } from '../../lib/page-title';
import { ActivityForm } from './activity-form';

/** `/atividades`: the library the plans' exercises name, searched by name or muscle group; add and edit. */
export function ActivitiesPage() {
  usePageTitle('Atividades');
  const library = useActivities();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const searchId = useId();
  const matches = library.data ? searchActivities(library.data, { busca: search.trim() || undefined }) : [];

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
        ) : matches.length === 0 ? (
          <p className="text-muted-foreground">Nenhuma atividade encontrada.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {matches.map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                editing={editing === activity.id}
                onEdit={() => setEditing(activity.id)}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) setNotice(`${saved.titulo} salva.`);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ActivityRow({ activity, editing, onEdit, onDone }: { activity: LibraryActivity; editing: boolean; onEdit: () => void; onDone: (saved: LibraryActivity | null) => void }) {
  if (editing) {
    return (
      <li aria-label={`Editando ${activity.titulo}`} className="rounded-xl border border-primary bg-card px-4 py-3 shadow-xs">
        <ActivityForm activity={activity} onDone={onDone} onCancel={() => onDone(null)} />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-border bg-card px-4 py-2 shadow-xs">
      <span className="flex min-w-48 flex-1 flex-col">
        <span className="font-semibold">{activity.titulo}</span>
        <span className="text-small text-muted-foreground">{activity.grupo_muscular}</span>
      </span>
      {activity.video ? (
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
      )}
      <Button type="button" variant="outline" size="sm" aria-label={`Editar ${activity.titulo}`} onClick={onEdit}>
        Editar
      </Button>
    </li>
  );
}
