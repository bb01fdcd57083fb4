import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { signIn } from '../../testing/test-utils';
import { fetchEvaluations } from './evaluations';

function answerEvaluations(body: JsonBodyType) {
  server.use(http.get(apiUrl('/v1/clientes/1/avaliacoes'), () => HttpResponse.json(body)));
}

beforeEach(() => signIn());

describe('fetchEvaluations', () => {
  it('reads ids and numbers given as text, and a timestamp without an offset', async () => {
    answerEvaluations({
      results: [
        {
          ...buildEvaluation(),
          id: '1',
          peso: '62,5',
          altura: '165',
          consumo_ideal_agua: '2500',
          percentual_gordura: '24.5',
          created_at: '2026-03-15T10:00:00',
        },
      ],
    });

    expect(await fetchEvaluations()).toEqual([
      buildEvaluation({ percentual_gordura: 24.5, created_at: '2026-03-15T10:00:00' }),
    ]);
  });

  it('reads a missing or unreadable water goal and measurements as null, and ignores unknown fields', async () => {
    answerEvaluations({
      results: [{ ...buildEvaluation(), consumo_ideal_agua: 'muita', massa_magra: 'n/d', dobra_triceps: '12,5', dobra_biceps: 12, observacoes: '  ', profissional: { nome: 'Rafael Costa' } }],
    });

    // Blank notes are none, and a professional without a role signs nothing.
    expect(await fetchEvaluations()).toEqual([buildEvaluation({ consumo_ideal_agua: null, dobra_triceps: 12.5 })]);
  });

  it('fails rather than let an older evaluation stand in for an unreadable latest one', async () => {
    answerEvaluations({ results: [{ ...buildEvaluation({ id: 2 }), plano: 'PREMIUM' }, buildEvaluation({ id: 1 })] });

    await expect(fetchEvaluations()).rejects.toThrow();
  });
});
