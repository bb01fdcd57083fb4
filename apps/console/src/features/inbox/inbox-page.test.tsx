import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { buildClient, rosterAnswer } from '../../testing/roster';
import { InboxPage } from './inbox-page';

/** 60 conversations in the API's order: two waiting for the team, then the others by their latest message. */
const conversations = Array.from({ length: 60 }, (_, n) =>
  n < 2
    ? buildClient({ nome: `Esperando ${n + 1}`, nao_lidas: 2 - n, aguardando_desde: '2026-11-24T10:00:00.000Z', ultima_mensagem: { autor: 'CLIENTE', texto: 'Oi?', enviada_em: '2026-11-24T11:00:00.000Z' } })
    : buildClient({ nome: `Conversa ${String(n + 1).padStart(2, '0')}`, ultima_mensagem: { autor: 'EQUIPE', texto: 'Combinado.', enviada_em: '2026-11-20T09:00:00.000Z' } }),
);

describe('InboxPage', () => {
  it('reads the conversations a page at a time, in the order the API gives, and never the roster', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/v1/equipe/conversas', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const page = Number(params.get('page'));
        const size = Number(params.get('size'));
        return HttpResponse.json({ results: conversations.slice(page * size, (page + 1) * size), page, size, total: conversations.length });
      }),
      // The heading's count, as the navigation reads it: one client's page and the filters' counts.
      http.get('/api/v1/equipe/clientes', ({ request }) => {
        expect(new URL(request.url).searchParams.get('size')).toBe('1');
        return HttpResponse.json(rosterAnswer([], { size: 1, total: 4, filtros: { nao_lidas: 2 } }));
      }),
    );
    renderRoute(<InboxPage />);

    const list = await screen.findByRole('region', { name: '2 conversas aguardando resposta' });
    const names = () => within(list).getAllByRole('link').map((link) => link.querySelector('span span span')?.textContent);
    expect(names()).toHaveLength(50);
    expect(names().slice(0, 3)).toEqual(['Esperando 1', 'Esperando 2', 'Conversa 03']);
    expect(within(list).getByRole('link', { name: /Esperando 1/ })).toHaveTextContent('2 não lidas');
    expect(list).toHaveTextContent('50 de 60 conversas');

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));

    await waitFor(() => expect(names()).toHaveLength(60));
    expect(names().at(-1)).toBe('Conversa 60');
    expect(list).toHaveTextContent('60 de 60 conversas');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(asked.map((params) => [params.get('page'), params.get('size')])).toEqual([
      ['0', '50'],
      ['1', '50'],
    ]);
  });

  it('says so when there is no conversation yet', async () => {
    server.use(
      http.get('/api/v1/equipe/conversas', () => HttpResponse.json({ results: [], page: 0, size: 50, total: 0 })),
      http.get('/api/v1/equipe/clientes', () => HttpResponse.json(rosterAnswer([], { size: 1, total: 4 }))),
    );
    renderRoute(<InboxPage />);

    expect(await screen.findByText('Nenhuma conversa ainda.')).toBeInTheDocument();
  });
});

describe('InboxPage previews', () => {
  it("reads a last message of photos alone as 'Foto'", async () => {
    const photoOnly = buildClient({ nome: 'Ana Paula Souza', nao_lidas: 1, aguardando_desde: '2026-11-24T10:00:00.000Z', ultima_mensagem: { autor: 'CLIENTE', texto: '', enviada_em: '2026-11-24T10:00:00.000Z' } });
    server.use(
      http.get('/api/v1/equipe/conversas', () => HttpResponse.json({ results: [photoOnly], page: 0, size: 50, total: 1 })),
      http.get('/api/v1/equipe/clientes', () => HttpResponse.json(rosterAnswer([], { size: 1, total: 1, filtros: { nao_lidas: 1 } }))),
    );
    renderRoute(<InboxPage />);

    expect(await screen.findByRole('link', { name: /Ana Paula Souza/ })).toHaveTextContent(/Foto/);
  });
});
