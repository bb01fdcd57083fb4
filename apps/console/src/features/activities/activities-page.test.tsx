import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { ActivitiesPage } from './activities-page';

const ACTIVITIES = '/api/v1/equipe/atividades';
const library = [
  { id: 1, titulo: 'Agachamento livre', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' },
  { id: 2, titulo: 'Elevação lateral', grupo_muscular: 'Ombros', video: null },
];

describe('ActivitiesPage', () => {
  it('finds activities by name or muscle group, blind to accents', async () => {
    server.use(http.get(ACTIVITIES, () => HttpResponse.json({ results: library })));
    renderRoute(<ActivitiesPage />);

    expect(await screen.findByText('Agachamento livre')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atividade' }), 'elevacao');
    expect(screen.queryByText('Agachamento livre')).not.toBeInTheDocument();
    expect(screen.getByText('Elevação lateral')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar atividade' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar atividade' }), 'quadri');
    expect(screen.getByRole('link', { name: 'Vídeo de Agachamento livre (abre em outra aba)' })).toHaveAttribute('href', 'https://youtu.be/agacha');
  });

  it('adds an activity, with a bad video link and a duplicate shown at their fields', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(ACTIVITIES, () => HttpResponse.json({ results: library })),
      http.post(ACTIVITIES, async ({ request }) => {
        const body = (await request.json()) as { titulo: string };
        bodies.push(body);
        if (body.titulo === 'Agachamento livre')
          return HttpResponse.json({ status: 409, error: 'Conflict', message: 'titulo: já existe uma atividade com este título, grupo muscular e vídeo.', field: 'titulo' }, { status: 409 });
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
    await userEvent.type(form.getByLabelText('Título'), 'Agachamento sumô');
    await userEvent.click(form.getByRole('button', { name: 'Adicionar atividade' }));
    expect(await screen.findByText('Agachamento sumô adicionada à biblioteca.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ titulo: 'Agachamento sumô', grupo_muscular: 'Quadríceps', video: 'https://youtu.be/agacha' });
    expect(screen.getByRole('button', { name: 'Editar Agachamento sumô' })).toBeInTheDocument();
  });

  it('edits an activity in place', async () => {
    const edits: unknown[] = [];
    server.use(
      http.get(ACTIVITIES, () => HttpResponse.json({ results: library })),
      http.put(`${ACTIVITIES}/:id`, async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        edits.push({ id: params.id, ...body });
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
    expect(screen.getByRole('link', { name: 'Vídeo de Elevação lateral (abre em outra aba)' })).toHaveAttribute('href', 'https://youtu.be/elevacao');
  });
});
