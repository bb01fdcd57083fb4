import { type RosterEntry, type RosterFilterCounts, searchKey } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../testing/msw-server';
import { getRosterPageQueryOptions } from '../../lib/roster';
import { useTeamStream } from '../../lib/team-stream';
import { renderRoute } from '../../testing/render';
import { buildClient, rosterAnswer } from '../../testing/roster';
import { RosterPage } from './roster-page';

const CLIENTS = '/api/v1/equipe/clientes';
const RAFAEL = { id: 2, nome: 'Rafael Costa' };

const numbered = (count: number, overrides: (n: number) => Partial<RosterEntry> = () => ({})) =>
  Array.from({ length: count }, (_, n) => buildClient({ id: n + 1, nome: `Cliente ${String(n + 1).padStart(3, '0')}`, ...overrides(n + 1) }));

/**
 * `GET /api/v1/equipe/clientes` over `clients` as the API pages them: searched by name, 'meus' being
 * Rafael's, with `counts` for the other filters. Returns the queries asked, the counts' one-row
 * reads (the navigation's and the default's) apart from the pages.
 */
function answerRoster(clients: RosterEntry[], counts: Partial<RosterFilterCounts> = {}, { wait = false } = {}) {
  const pages: URLSearchParams[] = [];
  server.use(
    http.get(CLIENTS, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const size = Number(params.get('size') ?? 50);
      const page = Number(params.get('page') ?? 0);
      if (size !== 1) pages.push(params);
      if (wait && page > 0) await delay(200);
      const found = clients.filter((client) => searchKey(client.nome).includes(searchKey(params.get('busca') ?? '')));
      const mine = found.filter((client) => client.responsaveis.personal?.id === RAFAEL.id);
      const shown = params.get('filtro') === 'meus' ? mine : found;
      return HttpResponse.json(rosterAnswer(shown.slice(page * size, (page + 1) * size), { page, size, total: shown.length, filtros: { ...counts, meus: mine.length } }));
    }),
  );
  return pages;
}

const rows = () => within(screen.getByRole('region', { name: /clientes?$/ })).getAllByRole('link').map((link) => link.querySelector('span span span')?.textContent);
const renderRoster = (path = '/') => renderRoute(<RosterPage />, { path });
const address = (router: ReturnType<typeof renderRoster>['router']) => new URLSearchParams(router.state.location.search);

function WithStream() {
  useTeamStream();
  return <RosterPage />;
}

describe('RosterPage', () => {
  it('reads a page of 50 at a time, keeps the page in the address, and shows the page shown until the next arrives', async () => {
    const pages = answerRoster(numbered(120), {}, { wait: true });
    const { router } = renderRoster();

    expect(await screen.findByText('120 clientes')).toBeInTheDocument();
    expect(rows()).toHaveLength(50);
    expect(rows()[0]).toBe('Cliente 001');
    const pager = screen.getByRole('navigation', { name: 'Páginas da lista de clientes' });
    expect(pager).toHaveTextContent('página 1 de 3');
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Próxima' }));

    expect(address(router).get('pagina')).toBe('2');
    // The first page stays, marked busy, while the second is read.
    expect(rows()[0]).toBe('Cliente 001');
    expect(screen.getAllByRole('list')[0]).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(rows()[0]).toBe('Cliente 051'));
    expect(pager).toHaveTextContent('página 2 de 3');
    await userEvent.click(within(pager).getByRole('button', { name: 'Próxima' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(within(pager).getByRole('button', { name: 'Próxima' })).toBeDisabled();
    // The button pressed turned disabled: the keyboard goes on from the other one.
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toHaveFocus();
    expect(pages.map((params) => [params.get('page'), params.get('size')])).toEqual([
      ['0', '50'],
      ['1', '50'],
      ['2', '50'],
    ]);
    expect(address(router).get('pagina')).toBe('3');
  });

  it('opens on the page the address names', async () => {
    const pages = answerRoster(numbered(120));
    renderRoster('/?pagina=3');

    await waitFor(() => expect(rows()[0]).toBe('Cliente 101'));
    expect(pages.map((params) => params.get('page'))).toEqual(['2']);
  });

  it('shows one filter at a time, each with its count, and names it with the count', async () => {
    const pages = answerRoster(numbered(3), { vencendo: 3, sem_treino: 1, nao_lidas: 0, convite_pendente: 12, checkin_pendente: 2 });
    const { router } = renderRoster();

    const filters = await screen.findByRole('group', { name: 'Filtros' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: 'Vencendo em 10 dias, 3 clientes' })).toHaveTextContent('Vencendo em 10 dias(3)'));
    expect(within(filters).getAllByRole('button').map((chip) => [chip.textContent, chip.getAttribute('aria-label')])).toEqual([
      ['Todos', null],
      ['Meus clientes(0)', 'Meus clientes, nenhum cliente'],
      ['Vencendo em 10 dias(3)', 'Vencendo em 10 dias, 3 clientes'],
      ['Sem treino há 7 dias(1)', 'Sem treino há 7 dias, 1 cliente'],
      ['Mensagens não lidas(0)', 'Mensagens não lidas, nenhum cliente'],
      ['Convite pendente(12)', 'Convite pendente, 12 clientes'],
      ['Check-in para revisar(2)', 'Check-in para revisar, 2 clientes'],
    ]);
    // Rafael looks after no one: every client shows.
    expect(within(filters).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(filters).getByRole('button', { name: /^Sem treino há 7 dias/ }));

    expect(address(router).get('filtro')).toBe('sem_treino');
    await waitFor(() => expect(pages.at(-1)?.get('filtro')).toBe('sem_treino'));
    expect(within(filters).getByRole('button', { name: /^Sem treino há 7 dias/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("starts on 'Meus clientes' for a member who looks after anyone; 'Todos' chosen stays in the address", async () => {
    const clients = numbered(60, (n) => ({ responsaveis: { personal: n % 2 ? RAFAEL : null, nutricionista: null } }));
    const pages = answerRoster(clients);
    const first = renderRoster();

    const filters = await screen.findByRole('group', { name: 'Filtros' });
    await waitFor(() => expect(within(filters).getByRole('button', { name: /^Meus clientes/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByText('30 clientes')).toBeInTheDocument();
    // The default is not written in the address, and the whole roster is never read first.
    expect(address(first.router).has('filtro')).toBe(false);
    expect(pages.map((params) => params.get('filtro'))).toEqual(['meus']);

    await userEvent.click(within(filters).getByRole('button', { name: 'Todos' }));

    expect(address(first.router).get('filtro')).toBe('todos');
    expect(await screen.findByText('60 clientes')).toBeInTheDocument();
    expect(pages.at(-1)?.has('filtro')).toBe(false);
    first.unmount();

    // Reopened from that address, the list is still everyone's.
    pages.length = 0;
    renderRoster('/?filtro=todos');
    expect(await screen.findByText('60 clientes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
    expect(pages.map((params) => params.has('filtro'))).toEqual([false]);
  });

  it('orders by what is chosen, from the first page', async () => {
    const pages = answerRoster(numbered(120));
    const { router } = renderRoster('/?pagina=2');
    await waitFor(() => expect(rows()[0]).toBe('Cliente 051'));

    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveDisplayValue('Nome');
    expect(within(screen.getByRole('combobox', { name: 'Ordenar por' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Nome',
      'Dias restantes',
      'Último treino',
      'Aguardando resposta',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Dias restantes');

    expect(address(router).get('ordem')).toBe('vencimento');
    expect(address(router).has('pagina')).toBe(false);
    await waitFor(() => expect(pages.at(-1)?.get('ordem')).toBe('vencimento'));
    expect(pages.at(-1)?.get('page')).toBe('0');
  });

  it('asks the API for the search once the typing pauses, from the first page, and keeps it in the address', async () => {
    const pages = answerRoster([...numbered(60), buildClient({ nome: 'João Alves' }), buildClient({ nome: 'Joana Prado' })]);
    const { router } = renderRoster('/?pagina=2');
    await waitFor(() => expect(rows()[0]).toBe('Cliente 051'));
    const search = screen.getByRole('searchbox', { name: 'Buscar cliente' });
    expect(search).toHaveAttribute('maxLength', '100');

    await userEvent.type(search, 'joao');

    await waitFor(() => expect(rows()).toEqual(['João Alves']));
    expect(address(router).get('busca')).toBe('joao');
    expect(address(router).has('pagina')).toBe(false);
    const searched = pages.filter((params) => params.has('busca'));
    // One read of the search, not one a key.
    expect(searched.map((params) => [params.get('busca'), params.get('page')])).toEqual([['joao', '0']]);
  });

  it("names each client's responsibles in their row", async () => {
    answerRoster([
      buildClient({ nome: 'Ana Paula Souza', responsaveis: { personal: RAFAEL, nutricionista: { id: 3, nome: 'Marina Alves' } } }),
      buildClient({ nome: 'Bruno Lima', responsaveis: { personal: null, nutricionista: { id: 3, nome: 'Marina Alves' } } }),
      buildClient({ nome: 'Carla Mendes' }),
    ]);
    renderRoster('/?filtro=todos');

    expect(await screen.findByRole('link', { name: /Ana Paula Souza/ })).toHaveTextContent('Personal: Rafael Costa · Nutricionista: Marina Alves');
    expect(screen.getByRole('link', { name: /Bruno Lima/ })).toHaveTextContent(/Nutricionista: Marina Alves/);
    expect(screen.getByRole('link', { name: /Carla Mendes/ })).not.toHaveTextContent(/Personal|Nutricionista/);
  });

  it("follows the team stream: a message from a client on the page shown reads that page again, and no other", async () => {
    const clients = Array.from({ length: 120 }, (_, n) => buildClient({ id: n + 1, nome: `Cliente ${String(n + 1).padStart(3, '0')}` }));
    const writer = clients[110]!;
    let unread: RosterEntry = writer;
    const asked: URLSearchParams[] = [];
    let push = (_event: string): void => undefined;
    server.use(
      http.get('/api/v1/equipe/eventos', () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            asked.length = 0;
            push = (event) => controller.enqueue(new TextEncoder().encode(event));
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
      http.get('/api/v1/equipe/clientes', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const page = Number(params.get('page') ?? 0);
        const size = Number(params.get('size'));
        const shown = clients.map((client) => (client.id === unread.id ? unread : client));
        return HttpResponse.json(rosterAnswer(shown.slice(page * size, (page + 1) * size), { page, size, total: shown.length, filtros: { nao_lidas: unread.nao_lidas ? 1 : 0 } }));
      }),
    );
    const { queryClient } = renderRoute(<WithStream />, { path: '/?filtro=todos&pagina=3' });
    const row = await screen.findByRole('link', { name: /Cliente 111/ });
    expect(row).toHaveTextContent('Em dia');
    // The first page was read earlier, and is off screen now.
    const firstPage = getRosterPageQueryOptions({ busca: '', ordem: 'nome', page: 0, size: 50 }).queryKey;
    queryClient.setQueryData(firstPage, rosterAnswer(clients.slice(0, 50), { total: 120 }));
    // Opened without a cursor, the stream reads what is on screen again.
    await waitFor(() => expect(asked.some((params) => params.get('page') === '2')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    asked.length = 0;

    unread = { ...writer, nao_lidas: 1, aguardando_desde: '2026-11-24T12:00:00.000Z', ultima_mensagem: { autor: 'CLIENTE', texto: 'Oi!', enviada_em: '2026-11-24T12:00:00.000Z' } };
    const message = { id: '0b9f6a52-7a5e-4a3c-9d51-1f0c2a3b4c5d', cliente_id: writer.id, autor: 'CLIENTE', autor_nome: writer.nome, autor_papel: null, texto: 'Oi!', enviada_em: '2026-11-24T12:00:00.000Z', lida_em: null };
    push(`event: mensagem\nid: 1\ndata: ${JSON.stringify(message)}\n\n`);

    await waitFor(() => expect(within(screen.getByRole('link', { name: /Cliente 111/ })).getByText('1 não lida')).toBeInTheDocument());
    // The page on screen and the counts' one row, never the whole roster nor the page off screen.
    expect(asked.map((params) => params.toString()).sort()).toEqual(['ordem=nome&page=2&size=50', 'size=1']);
    expect(queryClient.getQueryState(firstPage)?.isInvalidated).toBe(true);
  });
});
