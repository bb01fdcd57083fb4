import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvaluation, localDateIn } from '../testing/factories';
import { apiUrl } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { renderWithProviders, signIn } from '../testing/test-utils';
import { useLatestEvaluation } from '../lib/session/evaluations';
import { RENEWAL_URL } from '../lib/session/follow-up';
import { FollowUpBanner } from './follow-up-banner';

const ENDED =
  'Seu acompanhamento se encerrou. Para solicitar outro acompanhamento, entre em contato com seu nutricionista ou pressione este botão';

function latestEndsIn(days: number | null) {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
      HttpResponse.json({
        results: days === null ? [] : [buildEvaluation({ vencimento: localDateIn(days) }), buildEvaluation({ id: 0 })],
      }),
    ),
  );
  signIn();
  return renderWithProviders(
    <>
      <FollowUpBanner />
      <Loaded />
    </>,
  );
}

/** Says when the evaluations have arrived: the banner renders nothing until then. */
function Loaded() {
  const { data } = useLatestEvaluation();
  return data === undefined ? null : <p>carregado</p>;
}

async function settle() {
  await screen.findByText('carregado');
}

describe('follow-up banner', () => {
  // Days are counted to the device's today: a fixed one, so that midnight never falls between the
  // answer's date and the count. Only the clock is fixed; timers stay real for the requests.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 26, 23, 59, 59));
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    [9, 'Faltam 9 dias para o término de seu acompanhamento.'],
    [2, 'Faltam 2 dias para o término de seu acompanhamento.'],
    [1, 'Falta 1 dia para o término de seu acompanhamento.'],
    [0, ENDED],
    [-9, ENDED],
  ])('%i days before the end says %j', async (days, message) => {
    latestEndsIn(days);

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(localStorage.getItem('refresh-token')).not.toBeNull();
  });

  it.each([10, 50])('%i days before the end says nothing', async (days) => {
    latestEndsIn(days);
    await settle();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing without an evaluation', async () => {
    latestEndsIn(null);
    await settle();

    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([5, 1, 0, -3])("offers 'Renovar', the renewal site, %i days before the end", async (days) => {
    latestEndsIn(days);

    expect(await screen.findByRole('link', { name: 'Renovar' })).toHaveAttribute('href', RENEWAL_URL);
  });

  it.each([-10, -30])('%i days after the end clears local storage and goes to /login?expired=true', async (days) => {
    localStorage.setItem('waterIntake', '[1]');
    const { router } = latestEndsIn(days);

    expect(await screen.findByRole('heading', { name: 'login?expired=true' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.length).toBe(0);
  });
});
