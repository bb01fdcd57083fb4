import type { Exercise } from '@acompanha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildExercise } from '../../../testing/factories';
import { apiUrl } from '../../../testing/handlers';
import { server } from '../../../testing/msw-server';
import { renderWithProviders, signIn } from '../../../testing/test-utils';
import { LoadDialog } from './load-dialog';

const LOAD_INVALID = 'Informe uma carga de 0 ou mais.';

/** The dialog of one exercise, with the PUTs the server received. */
function renderDialog(exercise: Exercise = buildExercise({ id: 101, carga: 30 })) {
  const puts: unknown[] = [];
  server.use(
    http.put<{ id: string }, { carga: number | null }>(apiUrl('/v1/exercicios/:id'), async ({ params, request }) => {
      const body = await request.json();
      puts.push({ id: params.id, body });
      return HttpResponse.json({ ...exercise, carga: body.carga });
    }),
  );
  signIn();
  return { ...renderWithProviders(<LoadDialog exercise={exercise} />), puts };
}

async function openDialog(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByRole('button', { name: 'Editar carga' }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar carga' });
  return { dialog, input: within(dialog).getByLabelText('Carga (kg)') };
}

/** Opens the dialog, types `value` over the saved load and taps Salvar. */
async function saveTyped(user: ReturnType<typeof renderDialog>['user'], value: string) {
  const { dialog, input } = await openDialog(user);
  await user.clear(input);
  if (value !== '') await user.type(input, value);
  await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  return { dialog, input };
}

describe('the load dialog', () => {
  it.each(['32,5', '32.5'])("saves '%s' as 32.5 kg and closes", async (typed) => {
    const { user, puts } = renderDialog();

    await saveTyped(user, typed);

    await waitFor(() => expect(puts).toEqual([{ id: '101', body: { carga: 32.5 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is a text field for a decimal keypad, so a decimal comma is kept as typed', async () => {
    const { user } = renderDialog();
    const { input } = await openDialog(user);

    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.clear(input);
    await user.type(input, '32,5');
    expect(input).toHaveValue('32,5');
  });

  it('opens with a saved decimal load written with a comma', async () => {
    const { user } = renderDialog(buildExercise({ id: 101, carga: 22.5 }));
    const { input } = await openDialog(user);

    expect(input).toHaveValue('22,5');
  });

  it.each(['1e3', '-5', '3,,5', '1.0.', ',5', 'abc'])(
    "refuses '%s' with the load's message, sends nothing and stays open",
    async (typed) => {
      const { user, puts } = renderDialog();

      const { dialog, input } = await saveTyped(user, typed);

      expect(await within(dialog).findByText(LOAD_INVALID)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(puts).toEqual([]);
      expect(screen.getByRole('dialog', { name: 'Editar carga' })).toBeInTheDocument();
    },
  );

  it('saves an empty value as 0, as SPEC.md says', async () => {
    const { user, puts } = renderDialog();

    await saveTyped(user, '');

    await waitFor(() => expect(puts).toEqual([{ id: '101', body: { carga: 0 } }]));
  });

  it('clears the message once the value changes', async () => {
    const { user } = renderDialog();
    const { dialog, input } = await saveTyped(user, '1e3');
    expect(await within(dialog).findByText(LOAD_INVALID)).toBeInTheDocument();

    await user.type(input, '{Backspace}');

    expect(within(dialog).queryByText(LOAD_INVALID)).not.toBeInTheDocument();
  });
});
