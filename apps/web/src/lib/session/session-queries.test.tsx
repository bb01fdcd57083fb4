import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { apiUrl, expiredTokens, freshTokens } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests, REFRESH_CALL } from '../../testing/record-requests';
import { renderWithProviders, signIn } from '../../testing/test-utils';
import { useClient } from './client';
import { useEvaluations, useLatestEvaluation } from './evaluations';

function SessionData() {
  const client = useClient();
  const latest = useLatestEvaluation();
  const all = useEvaluations();
  if (client.isError || latest.isError) return <p>erro</p>;
  if (!client.data || latest.data === undefined || !all.data) return <p>carregando</p>;
  return (
    <p>{`${client.data.nome} · ${latest.data?.plano ?? 'sem avaliação'} · ${all.data.length} avaliações`}</p>
  );
}

describe('the shared session queries', () => {
  let requests: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    requests = recordRequests();
  });
  afterEach(() => requests.stop());

  it('load the client and the latest of its evaluations', async () => {
    server.use(
      http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
        HttpResponse.json({ results: [buildEvaluation({ id: 3, plano: 'PRO' }), buildEvaluation({ id: 2 })] }),
      ),
    );
    signIn();
    renderWithProviders(<SessionData />);

    expect(await screen.findByText('Ana Paula Souza · PRO · 2 avaliações')).toBeInTheDocument();
    // Two hooks over one query: the evaluations are fetched once.
    expect(requests.count('GET /api/v1/clientes/1/avaliacoes')).toBe(1);
  });

  it('give null as the latest evaluation when there is none', async () => {
    server.use(http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json({ results: [] })));
    signIn();
    renderWithProviders(<SessionData />);

    expect(await screen.findByText('Ana Paula Souza · sem avaliação · 0 avaliações')).toBeInTheDocument();
  });

  it('share one refresh when both calls meet an expired token, then retry both', async () => {
    signIn(expiredTokens);
    renderWithProviders(<SessionData />);

    expect(await screen.findByText('Ana Paula Souza · ULTIMATE · 1 avaliações')).toBeInTheDocument();
    expect(requests.count(REFRESH_CALL)).toBe(1);
    expect(requests.count('GET /api/v2/clientes/1')).toBe(2);
    expect(requests.count('GET /api/v1/clientes/1/avaliacoes')).toBe(2);
    expect(localStorage.getItem('access-token')).toBe(freshTokens.token);
  });

  it('end on /login with the tokens gone when the refresh is refused', async () => {
    signIn({ token: expiredTokens.token, refresh_token: 'revoked' });
    renderWithProviders(<SessionData />);

    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument();
    await waitFor(() => expect(requests.count(REFRESH_CALL)).toBe(1));
    expect(localStorage.getItem('access-token')).toBeNull();
    expect(localStorage.getItem('refresh-token')).toBeNull();
  });
});
