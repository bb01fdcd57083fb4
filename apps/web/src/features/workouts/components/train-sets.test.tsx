import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { buildExercise } from '../../../testing/factories';
import { renderWithProviders, signIn } from '../../../testing/test-utils';
import { RestTimerProvider } from '../hooks/rest-timer';
import { setsOf, startTrainSession, useTrainSession } from '../hooks/train-session';
import { TrainSets } from './train-sets';

const squat = buildExercise({ id: 101, series: 2, repeticoes: '10', carga: 30 });

function Sets() {
  const session = useTrainSession();
  return session && <TrainSets workoutId={7} exercise={squat} session={session} />;
}

/** Train mode's sets of the squat, in a session just started, with what the session holds. */
function renderSets() {
  signIn();
  startTrainSession({ id: 7, titulo: 'Treino A' });
  const view = renderWithProviders(
    <RestTimerProvider>
      <Sets />
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
