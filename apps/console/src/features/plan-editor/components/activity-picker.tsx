import type { LibraryActivity } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@acompanha/ui/dialog';
import { Input } from '@acompanha/ui/input';
import { Library, PlayCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useActivityPage } from '../../../lib/activities';
import { useSettledValue } from '../../../lib/settled-value';

/** 'Buscar na biblioteca': the library searched by name or muscle group, each activity with its video. */
export function ActivityPicker({ exerciseName, onPick }: { exerciseName: string; onPick: (activity: LibraryActivity) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const searchId = useId();

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-label={`Buscar na biblioteca: ${exerciseName}`}>
          <Library aria-hidden />
          Buscar na biblioteca
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[85dvh] max-w-lg">
        <DialogHeader>
          <DialogTitle>Biblioteca de atividades</DialogTitle>
          <DialogDescription>Busque pelo nome ou pelo grupo muscular.</DialogDescription>
        </DialogHeader>
        <label htmlFor={searchId} className="sr-only">
          Buscar atividade
        </label>
        <Input id={searchId} type="search" className="h-11 px-3" placeholder="Ex.: supino, peito" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Matches
          search={search}
          onPick={(activity) => {
            onPick(activity);
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** The first page of what the API finds; the search narrows the rest. */
function Matches({ search, onPick }: { search: string; onPick: (activity: LibraryActivity) => void }) {
  const library = useActivityPage({ busca: useSettledValue(search.trim()) });
  const matches = library.data?.results ?? [];
  const total = library.data?.total ?? 0;

  return (
    <>
      <p role="status" className="text-small text-muted-foreground">
        {library.isPending
          ? 'Carregando a biblioteca…'
          : library.isError
            ? library.error.message
            : total === 0
              ? 'Nenhuma atividade encontrada. Escreva uma nova nos campos do exercício.'
              : total === 1
                ? '1 atividade'
                : total > matches.length
                  ? `${total.toLocaleString('pt-BR')} atividades; as ${matches.length} primeiras abaixo. Escreva mais para achar as outras.`
                  : `${total} atividades`}
      </p>
      <ul className="-mx-2 flex min-h-0 flex-col gap-1 overflow-y-auto px-2 py-1">
        {matches.map((activity) => (
          <li key={activity.id} className="flex items-center gap-2 rounded-xl border border-border px-3 py-1.5">
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-semibold">{activity.titulo}</span>
              <span className="truncate text-small text-muted-foreground">{activity.grupo_muscular}</span>
            </span>
            {activity.video && (
              <a
                href={activity.video}
                target="_blank"
                rel="noreferrer"
                className="flex min-h-11 items-center gap-1 rounded-lg px-2 text-small font-semibold text-primary hover:underline"
                aria-label={`Vídeo de ${activity.titulo} (abre em outra aba)`}
              >
                <PlayCircle aria-hidden className="size-4" />
                Vídeo
              </a>
            )}
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={`Escolher ${activity.titulo} (${activity.grupo_muscular})`}
              onClick={() => onPick(activity)}
            >
              Escolher
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
