import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../lib/storage';
import { buildExercise } from '../../../../testing/factories';
import { apiUrl } from '../../../../testing/handlers';
import { server } from '../../../../testing/msw-server';
import { renderWithProviders, signIn } from '../../../../testing/test-utils';
import { RestTimerProvider } from '../rest/rest-timer';
import { setsOf } from '../model/session';
import { startTrainSession, useTrainSession } from '../store/train-session';
import { TrainSets } from './train-sets';

const squat = buildExercise({ id: 101, series: 2, repeticoes: '10', carga: 30 });

const calf = buildExercise({ id: 102, atividade: { titulo: 'Panturrilha em pé', grupo_muscular: 'Panturrilhas', video: null } });

function Sets({ next }: { next?: { exercise: typeof calf; open: () => void } }) {
  const session = useTrainSession();
  return session && <TrainSets workoutId={7} exercise={squat} next={next} />;
}

const session = (id: string, series: { exercicio_id: number; numero: number; carga: number; repeticoes: number }[]) => ({
  id,
  treino_id: 7,
  iniciado_em: '2026-03-10T18:30:00.000Z',
  concluido_em: '2026-03-10T19:20:00.000Z',
  series: series.map((set) => ({ ...set, feito_em: '2026-03-10T18:40:00.000Z' })),
});

/** Train mode's sets of the squat, in a session just started, with what the session holds. */
function renderSets({ next }: { next?: { exercise: typeof calf; open: () => void } } = {}) {
  server.use(
    http.get(apiUrl('/v1/treinos/7/sessoes'), () =>
      HttpResponse.json({
        // The last session skipped the squat: 'Anterior' is the one before, which did two sets.
        results: [
          session('c0ffee00-0000-4000-8000-000000000002', [{ exercicio_id: 102, numero: 1, carga: 0, repeticoes: 15 }]),
          session('c0ffee00-0000-4000-8000-000000000001', [
            { exercicio_id: 101, numero: 1, carga: 27.5, repeticoes: 10 },
            { exercicio_id: 101, numero: 2, carga: 27.5, repeticoes: 9 },
          ]),
        ],
        page: 0,
        size: 10,
        total: 2,
      }),
    ),
  );
  signIn();
  startTrainSession({ id: 7, titulo: 'Treino A' });
  const view = renderWithProviders(
    <RestTimerProvider>
      <Sets next={next} />
    </RestTimerProvider>,
  );
  const load = () => screen.getByRole('textbox', { name: 'Carga da série 1' });
  const reps = () => screen.getByRole('textbox', { name: 'Repetições da série 1' });
  const stored = () => {
    const text = localStorage.getItem(STORAGE_KEYS.trainSession);
    return text === null ? undefined : setsOf(JSON.parse(text), squat)[0];
  };
  return { ...view, load, reps, stored };
}

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');
const tick = (number: number) => screen.getByRole('checkbox', { name: `Série ${number} de Agachamento livre feita` });

describe("train mode's set rows", () => {
  it("show one row per set with that set of the last session that did the exercise ('Anterior'), and the steppers under the next to do", async () => {
    renderSets();

    await waitFor(() => expect(rows()[0]).toHaveTextContent('Anterior: 27,5 kg × 10'));
    expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['Série 1', 'Série 2']);
    expect(rows()[1]).toHaveTextContent('Anterior: 27,5 kg × 9');
    expect(within(rows()[0]!).getByRole('button', { name: 'Mais 1 kg na carga da série 1' })).toBeInTheDocument();
    expect(within(rows()[1]!).queryByRole('button', { name: /^Mais/ })).not.toBeInTheDocument();
  });

  it('show the steppers under the row whose field has focus', async () => {
    const { user } = renderSets();

    await user.click(screen.getByRole('textbox', { name: 'Repetições da série 2' }));
    await user.click(screen.getByRole('button', { name: 'Mais 1 repetição na série 2' }));

    expect(screen.getByRole('textbox', { name: 'Repetições da série 2' })).toHaveValue('11');
    expect(screen.queryByRole('button', { name: 'Mais 1 repetição na série 1' })).not.toBeInTheDocument();
  });

  it('add a set like the last one, and remove one still to do, never the last one left', async () => {
    const { user } = renderSets();
    await user.click(screen.getByRole('button', { name: 'Mais 1 kg na carga da série 1' }));

    await user.click(screen.getByRole('button', { name: 'Adicionar série' }));
    expect(rows()).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Carga da série 3' })).toHaveValue('30');
    expect(rows()[2]).toHaveTextContent('Anterior: —');

    await user.click(screen.getByRole('button', { name: 'Remover série 1' }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Carga da série 1' })).toHaveValue('30');
    // Focus stays in the sets, on the row that took the removed one's place.
    expect(tick(1)).toHaveFocus();
    await user.click(screen.getByRole('textbox', { name: 'Carga da série 1' }));
    await user.click(screen.getByRole('button', { name: 'Remover série 1' }));
    expect(rows()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Remover série 1' })).not.toBeInTheDocument();
  });

  it("open the next exercise once the last set is ticked, and 'Pular exercício' opens it without ticking", async () => {
    const open = vi.fn();
    const { user } = renderSets({ next: { exercise: calf, open } });

    await user.click(screen.getByRole('button', { name: 'Pular exercício' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tick(1)).not.toBeChecked();

    await user.click(tick(1));
    expect(open).toHaveBeenCalledTimes(1);
    await user.click(tick(2));
    // A frame later: the tick paints first.
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo exercício: Panturrilha em pé' })).toBeInTheDocument();

    // Unticking and ticking again a set of a finished exercise moves on again.
    await user.click(tick(2));
    await user.click(tick(2));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(3));
  });

  it("offer no 'Pular exercício' on the last exercise", () => {
    renderSets();
    expect(screen.queryByRole('button', { name: 'Pular exercício' })).not.toBeInTheDocument();
  });
});

describe("train mode's sets", () => {
  it.each([
    ['32,5', '32,5', 32.5],
    ['32.5', '32,5', 32.5],
    [' 40 ', '40', 40],
  ])("take a typed load of '%s' as %s kg", async (typed, shown, carga) => {
    const { user, load, stored } = renderSets();

    await user.clear(load());
    await user.type(load(), `${typed}{Enter}`);

    expect(load()).toHaveValue(shown);
    expect(stored()).toMatchObject({ carga });
  });

  it.each(['1e3', '1.000,5', '', '-5', '+5', '3,,5', '10000'])("give the load back as it was for '%s'", async (typed) => {
    const { user, load, stored } = renderSets();

    await user.clear(load());
    if (typed !== '') await user.type(load(), typed);
    await user.tab();

    expect(load()).toHaveValue('30');
    expect(stored()).toMatchObject({ carga: 30 });
  });

  it('take typed reps, and give them back for what is not a number of reps', async () => {
    const { user, reps, stored } = renderSets();

    await user.clear(reps());
    await user.type(reps(), '12{Enter}');
    expect(reps()).toHaveValue('12');
    expect(stored()).toMatchObject({ repeticoes: 12 });

    await user.clear(reps());
    await user.type(reps(), '1e1');
    await user.tab();
    expect(reps()).toHaveValue('12');
    expect(stored()).toMatchObject({ repeticoes: 12 });
  });
});
