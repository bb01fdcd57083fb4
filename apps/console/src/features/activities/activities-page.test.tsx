import type { LibraryActivity } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { libraryHandler } from '../../testing/library';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { ActivitiesPage } from './activities-page';

const ACTIVITIES = '/api/v1/equipe/atividades';
const library: LibraryActivity[] = [
  { id: 1, titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' },
  { id: 2, titulo: 'Elevação lateral', grupo_muscular: 'Ombros', video: null },
];

describe('ActivitiesPage', () => {
  it('asks the API for what the search finds, blind to accents, once the typing pauses', async () => {
    const asked: URLSearchParams[] = [];
    server.use(libraryHandler(library, asked));
    renderRoute(<ActivitiesPage />);

    expect(await screen.findByText('Agachamento livre')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atividade' }), 'elevacao');
    await waitFor(() => expect(screen.queryByText('Agachamento livre')).not.toBeInTheDocument());
    expect(screen.getByText('Elevação lateral')).toBeInTheDocument();
    // The library is never read whole: the first page, then the search as typed, not each key of it.
    expect(asked.map((params) => params.get('busca'))).toEqual([null, 'elevacao']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar atividade' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atividade' }), 'quadri');
    expect(await screen.findByRole('link', { name: 'Vídeo de Agachamento livre (abre em outra aba)' })).toHaveAttribute('href', 'https://youtu.be/agacha');
  });

  it('pages through a library larger than a page, and a new search starts at its first page', async () => {
    const large = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, titulo: `Remada ${String(index).padStart(3, '0')}`, grupo_muscular: 'Costas', video: null }));
    const asked: URLSearchParams[] = [];
    server.use(libraryHandler(large, asked));
    renderRoute(<ActivitiesPage />);

    expect(await screen.findByText('Remada 000')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Páginas da biblioteca' });
    expect(pages).toHaveTextContent('60 atividades · página 1 de 2');
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Remada 059')).toBeInTheDocument();
    expect(pages).toHaveTextContent('página 2 de 2');
    expect(within(pages).getByRole('button', { name: 'Próxima' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^Editar/ })).toHaveLength(10);
    expect(asked.at(-1)?.get('page')).toBe('1');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atividade' }), '11');
    expect(await screen.findByText('Remada 011')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Páginas da biblioteca' })).toHaveTextContent('1 atividade · página 1 de 1');
    expect(asked.at(-1)?.get('page')).toBe('0');
  });

  it('adds an activity, with a bad video link and a duplicate shown at their fields, and a full library told in its words', async () => {
    const bodies: unknown[] = [];
    server.use(
      libraryHandler(library),
      http.post(ACTIVITIES, async ({ request }) => {
        const body = (await request.json()) as { titulo: string };
        bodies.push(body);
        if (body.titulo === 'Agachamento livre')
          return HttpResponse.json({ status: 409, error: 'Conflict', message: 'titulo: já existe uma atividade com este título, grupo muscular e vídeo.', field: 'titulo' }, { status: 409 });
        if (body.titulo === 'Uma a mais')
          return HttpResponse.json(
            { status: 409, error: 'Conflict', message: 'A biblioteca já tem 2.000 atividades. Mescle ou retire as que sobram para adicionar outras.', code: 'LibraryFull' },
            { status: 409 },
          );
        return HttpResponse.json({ id: 3, ...body }, { status: 201 });
      }),
    );
    renderRoute(<ActivitiesPage />);
    const form = within(await screen.findByRole('region', { name: 'Nova atividade' }));

    await userEvent.type(form.getByLabelText('Título'), 'Agachamento livre');
    await userEvent.type(form.getByLabelText('Grupo muscular'), 'Quadríceps');
    await userEvent.type(form.getByLabelText('Link do vídeo'), 'youtu.be/x');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(form.getByLabelText('Link do vídeo')).toHaveAccessibleDescription('Informe um link que comece com http:// ou https://, ou deixe em branco.');
    expect(bodies).toEqual([]);

    await userEvent.clear(form.getByLabelText('Link do vídeo'));
    await userEvent.type(form.getByLabelText('Link do vídeo'), 'https://youtu.be/agacha');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(await form.findByText('Já existe uma atividade com este título, grupo muscular e vídeo.')).toBeInTheDocument();
    expect(form.getByLabelText('Título')).toHaveFocus();

    await userEvent.clear(form.getByLabelText('Título'));
    await userEvent.type(form.getByLabelText('Título'), 'Uma a mais');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(await form.findByText('A biblioteca já tem 2.000 atividades. Mescle ou retire as que sobram para adicionar outras.')).toBeInTheDocument();

    await userEvent.clear(form.getByLabelText('Título'));
    await userEvent.type(form.getByLabelText('Título'), 'Agachamento sumô');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(await screen.findByText('Agachamento sumô adicionada à biblioteca.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ titulo: 'Agachamento sumô', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' });
  });

  it('refuses a title or a muscle group longer than the library keeps, at its field', async () => {
    server.use(libraryHandler(library));
    renderRoute(<ActivitiesPage />);
    const form = within(await screen.findByRole('region', { name: 'Nova atividade' }));

    await userEvent.click(form.getByLabelText('Título'));
    await userEvent.paste('a'.repeat(121));
    await userEvent.type(form.getByLabelText('Grupo muscular'), 'Peito');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(form.getByLabelText('Título')).toHaveAccessibleDescription('Use no máximo 120 caracteres.');
  });

  it('edits an activity in place, and shows it as the API answers it after', async () => {
    const edits: unknown[] = [];
    const held = library.map((activity) => ({ ...activity }));
    server.use(
      libraryHandler(held),
      http.put(`${ACTIVITIES}/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        edits.push({ id: params.id, ...body });
        Object.assign(held.find((activity) => activity.id === Number(params.id))!, body);
        return HttpResponse.json({ id: Number(params.id), ...body });
      }),
    );
    renderRoute(<ActivitiesPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Editar Elevação lateral' }));
    const row = within(screen.getByRole('listitem', { name: 'Editando Elevação lateral' }));
    await userEvent.type(row.getByLabelText('Link do vídeo'), 'https://youtu.be/elevacao');
    await userEvent.click(row.getByRole('button', { name: 'Salvar atividade' }));

    expect(await screen.findByText('Elevação lateral salva.')).toBeInTheDocument();
    expect(edits).toEqual([{ id: '2', titulo: 'Elevação lateral', grupo_muscular: 'Ombros', video: 'https://youtu.be/elevacao' }]);
    expect(await screen.findByRole('link', { name: 'Vídeo de Elevação lateral (abre em outra aba)' })).toHaveAttribute('href', 'https://youtu.be/elevacao');
  });

  it('merges a duplicate into the activity found, after confirming, and it leaves the list', async () => {
    const held = [...library, { id: 3, titulo: 'Agachamento livre (antigo)', grupo_muscular: 'Quadríceps', video: null }];
    const merges: unknown[] = [];
    server.use(
      libraryHandler(held),
      http.post(`${ACTIVITIES}/:id/mesclar`, async ({ request, params }) => {
        const body = (await request.json()) as { atividade_id: number };
        merges.push({ id: params.id, ...body });
        held.splice(held.findIndex((activity) => activity.id === Number(params.id)), 1);
        return HttpResponse.json(held.find((activity) => activity.id === body.atividade_id));
      }),
    );
    renderRoute(<ActivitiesPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Mesclar Agachamento livre (antigo)' }));
    const row = within(screen.getByRole('listitem', { name: 'Mesclando Agachamento livre (antigo)' }));
    await userEvent.type(row.getByRole('searchbox', { name: 'Atividade que fica' }), 'agacha');
    const choices = within(row.getByRole('list', { name: 'Atividades encontradas' }));
    // Not into itself.
    await waitFor(() => expect(choices.getAllByRole('button').map((button) => button.textContent)).toEqual(['Agachamento livre (Quadríceps) · com vídeo']));
    await userEvent.click(choices.getByRole('button', { name: /Agachamento livre/ }));
    expect(row.getByText('Mesclar Agachamento livre (antigo) em Agachamento livre (Quadríceps)?')).toBeInTheDocument();
    expect(merges).toEqual([]);
    await userEvent.click(row.getByRole('button', { name: 'Mesclar' }));

    expect(await screen.findByText('Agachamento livre (antigo) mesclada em Agachamento livre.')).toBeInTheDocument();
    expect(merges).toEqual([{ id: '3', atividade_id: 1 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Editar Agachamento livre (antigo)' })).not.toBeInTheDocument());
  });

  it('retires an activity after confirming, or keeps it when cancelled', async () => {
    const held = library.map((activity) => ({ ...activity }));
    const retired: unknown[] = [];
    server.use(
      libraryHandler(held),
      http.delete(`${ACTIVITIES}/:id`, ({ params }) => {
        retired.push(params.id);
        held.splice(held.findIndex((activity) => activity.id === Number(params.id)), 1);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderRoute(<ActivitiesPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Retirar Elevação lateral' }));
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Retirando Elevação lateral' })).getByRole('button', { name: 'Cancelar' }));
    expect(retired).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Retirar Elevação lateral' }));
    const row = within(screen.getByRole('listitem', { name: 'Retirando Elevação lateral' }));
    expect(row.getByText('Os planos que já a usam continuam com ela. Publicar um plano com ela a traz de volta.')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Retirar' }));
    expect(await screen.findByText('Elevação lateral retirada da biblioteca.')).toBeInTheDocument();
    expect(retired).toEqual(['2']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Editar Elevação lateral' })).not.toBeInTheDocument());
  });
});
