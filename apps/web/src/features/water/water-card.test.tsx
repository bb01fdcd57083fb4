import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildEvaluation } from '../../testing/factories';
import { apiUrl } from '../../testing/handlers';
import { server } from '../../testing/msw-server';
import { recordRequests } from '../../testing/record-requests';
import { renderWithProviders, signIn } from '../../testing/test-utils';
import { WaterCard } from './water-card';
import { maxGlasses, progressPercent, waterGoal } from './water-log';

function renderCard(idealMillilitres: number | null | 'no-evaluation' = 2500) {
  server.use(
    http.get(apiUrl('/v1/clientes/1/avaliacoes'), () =>
      HttpResponse.json({
        results: idealMillilitres === 'no-evaluation' ? [] : [buildEvaluation({ consumo_ideal_agua: idealMillilitres })],
      }),
    ),
  );
  signIn();
  return renderWithProviders(<WaterCard />);
}

const storedIntake = () => JSON.parse(localStorage.getItem('waterIntake') ?? '[]') as number[];
const progressbar = () => screen.getByRole('progressbar');

describe('water rules', () => {
  it('uses consumo_ideal_agua as the goal, else 2000 ml', () => {
    expect(waterGoal(2500)).toBe(2500);
    expect(waterGoal(null)).toBe(2000);
    expect(waterGoal(undefined)).toBe(2000);
  });

  it('allows ceil(goal / 250) glasses', () => {
    expect(maxGlasses(2000)).toBe(8);
    expect(maxGlasses(2100)).toBe(9);
  });

  it('caps the progress at 100 %', () => {
    expect(progressPercent(1000, 2000)).toBe(50);
    expect(progressPercent(2250, 2100)).toBe(100);
  });
});

describe('water card', () => {
  // The day's glasses are those of the device's today: a fixed afternoon unless a test picks its own time.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 14, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('starts the day at 0 ml with the goal of the latest evaluation', async () => {
    renderCard(2500);

    expect(await screen.findByText('0 ml de 2500 ml')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    expect(localStorage.getItem('waterIntake')).toBeNull();
  });

  it('adds 250 ml a tap, shows the share and the time of the last glass, and stores both keys', async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 14, 5));
    const { user } = renderCard(2500);
    await screen.findByText('0 ml de 2500 ml');

    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));
    vi.setSystemTime(new Date(2026, 10, 23, 14, 32));
    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));

    expect(screen.getByText('500 ml de 2500 ml')).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(progressbar()).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('Último registro às 14:32')).toBeInTheDocument();
    expect(storedIntake()).toEqual([new Date(2026, 10, 23, 14, 5).getTime(), new Date(2026, 10, 23, 14, 32).getTime()]);
    expect(localStorage.getItem('waterConsumption')).toBe('500');
  });

  it('uses 2000 ml without an evaluation', async () => {
    renderCard('no-evaluation');

    expect(await screen.findByText('0 ml de 2000 ml')).toBeInTheDocument();
  });

  it('stops at ceil(goal / 250) glasses, caps at 100 % and offers Recomeçar, which clears the log', async () => {
    const { user } = renderCard(2100);
    await screen.findByText('0 ml de 2100 ml');
    const add = screen.getByRole('button', { name: 'Adicionar 250 ml' });
    for (let glass = 0; glass < 8; glass += 1) await user.click(add);
    expect(screen.getByText('2000 ml de 2100 ml')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recomeçar' })).not.toBeInTheDocument();

    await user.click(add);

    expect(screen.getByText('2250 ml de 2100 ml')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(progressbar()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('button', { name: 'Adicionar 250 ml' })).not.toBeInTheDocument();
    expect(storedIntake()).toHaveLength(9);

    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));

    expect(screen.getByText('0 ml de 2100 ml')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(storedIntake()).toEqual([]);
    expect(localStorage.getItem('waterConsumption')).toBe('0');
    expect(screen.getByRole('button', { name: 'Adicionar 250 ml' })).toBeInTheDocument();
  });

  it("does not count an earlier day's glasses and drops them from storage", async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 8, 0));
    const yesterday = [new Date(2026, 10, 22, 20, 0).getTime(), new Date(2026, 10, 22, 23, 59).getTime()];
    const today = new Date(2026, 10, 23, 7, 15).getTime();
    localStorage.setItem('waterIntake', JSON.stringify([...yesterday, today]));
    localStorage.setItem('waterConsumption', '750');
    renderCard(2000);

    expect(await screen.findByText('250 ml de 2000 ml')).toBeInTheDocument();
    expect(screen.getByText('Último registro às 07:15')).toBeInTheDocument();
    expect(storedIntake()).toEqual([today]);
    expect(localStorage.getItem('waterConsumption')).toBe('250');
  });

  it('starts again at 0 ml when midnight passes with the screen open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 23, 23, 59, 0));
    localStorage.setItem('waterIntake', JSON.stringify([new Date(2026, 10, 23, 23, 0).getTime()]));
    renderCard(2000);
    const card = await screen.findByRole('region', { name: 'Consumo de água' });
    expect(within(card).getByText('250 ml de 2000 ml')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(62_000);
    });

    expect(within(card).getByText('0 ml de 2000 ml')).toBeInTheDocument();
    expect(within(card).getByText('Nenhum registro hoje')).toBeInTheDocument();
  });
});

describe("the day's water on the server (decision 041)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 14, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    onlineManager.setOnline(true);
  });

  const at = (hour: number, minute = 0) => new Date(2026, 10, 23, hour, minute).getTime();
  const iso = (time: number) => new Date(time).toISOString();
  const startsWith = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}`));

  /** Answers the day as the server holds it, and records each day a device sends. */
  function serverDay(registros: number[], recomecado_em: number | null = null) {
    const sent: { registros: string[]; recomecado_em: string | null }[] = [];
    server.use(
      http.get(apiUrl('/v1/agua/2026-11-23'), () =>
        HttpResponse.json({ data: '2026-11-23', registros: registros.map(iso), recomecado_em: recomecado_em === null ? null : iso(recomecado_em) }),
      ),
      http.put(apiUrl('/v1/agua/2026-11-23'), async ({ request }) => {
        const day = (await request.json()) as (typeof sent)[number];
        sent.push(day);
        return HttpResponse.json({ data: '2026-11-23', ...day });
      }),
    );
    return sent;
  }

  it("shows the server's count on a device that logged nothing: after 'Sair' and a new sign-in, or on another phone", async () => {
    serverDay([at(8), at(9, 30)]);
    renderCard(2000);

    expect(await screen.findByText('500 ml de 2000 ml')).toBeInTheDocument();
    expect(screen.getByText('Último registro às 09:30')).toBeInTheDocument();
    expect(storedIntake()).toEqual([at(8), at(9, 30)]);
    expect(localStorage.getItem('waterConsumption')).toBe('500');
  });

  it('sends the whole day with each glass, and what the device held that the server lacked', async () => {
    localStorage.setItem('waterIntake', JSON.stringify([at(7)]));
    const sent = serverDay([at(8)]);
    const { user } = renderCard(2000);
    expect(await screen.findByText('500 ml de 2000 ml')).toBeInTheDocument();
    await vi.waitFor(() => expect(sent).toEqual([{ registros: [iso(at(7)), iso(at(8))], recomecado_em: null }]));

    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));
    // vi.waitFor moves the faked clock on by its interval while it waits.
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ registros: [iso(at(7)), iso(at(8)), startsWith(iso(at(14)).slice(0, 16))], recomecado_em: null }));
    expect(screen.getByText('750 ml de 2000 ml')).toBeInTheDocument();
  });

  it('offline, shows the glass at once and sends it when the connection returns', async () => {
    const sent = serverDay([]);
    const { user } = renderCard(2000);
    await screen.findByText('0 ml de 2000 ml');
    act(() => onlineManager.setOnline(false));

    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));
    expect(screen.getByText('250 ml de 2000 ml')).toBeInTheDocument();
    expect(sent).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await vi.waitFor(() => expect(sent).toContainEqual({ registros: [startsWith(iso(at(14)).slice(0, 16))], recomecado_em: null }));
  });

  it("'Recomeçar' can be undone for 10 s: 'Desfazer' brings the glasses back, and nothing reaches the server", async () => {
    const glasses = Array.from({ length: 8 }, (_, index) => at(8 + index));
    const sent = serverDay(glasses);
    const { user } = renderCard(2000);
    await screen.findByText('2000 ml de 2000 ml');

    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));
    expect(screen.getByText('0 ml de 2000 ml')).toBeInTheDocument();
    expect(await screen.findByText('Consumo de água zerado.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));

    expect(screen.getByText('2000 ml de 2000 ml')).toBeInTheDocument();
    expect(storedIntake()).toEqual(glasses);
    expect(sent.some((day) => day.recomecado_em !== null)).toBe(false);
  });

  it("sends 'Recomeçar' once its 10 s to undo are over, with the glasses added meanwhile", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date(2026, 10, 23, 16, 0));
    const sent = serverDay(Array.from({ length: 8 }, (_, index) => at(8 + index)));
    const { user } = renderCard(2000);
    await screen.findByText('2000 ml de 2000 ml');

    await user.click(screen.getByRole('button', { name: 'Recomeçar' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar 250 ml' }));
    expect(screen.getByText('250 ml de 2000 ml')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(sent.some((day) => day.recomecado_em !== null)).toBe(false);

    await act(() => vi.advanceTimersByTimeAsync(5500));

    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ registros: [startsWith(iso(at(16)).slice(0, 16))], recomecado_em: startsWith(iso(at(16)).slice(0, 16)) }));
    expect(screen.queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument();
    expect(screen.getByText('250 ml de 2000 ml')).toBeInTheDocument();
  });

  it("empties the day when another device pressed 'Recomeçar' after these glasses", async () => {
    localStorage.setItem('waterIntake', JSON.stringify([at(8), at(9)]));
    localStorage.setItem('water-day', JSON.stringify({ userId: 1, date: '2026-11-23', resetAt: null }));
    serverDay([at(12)], at(11));
    renderCard(2000);

    expect(await screen.findByText('250 ml de 2000 ml')).toBeInTheDocument();
    expect(storedIntake()).toEqual([at(12)]);
  });

  it("neither shows nor sends another account's glasses left on the device", async () => {
    localStorage.setItem('waterIntake', JSON.stringify([at(8), at(9)]));
    localStorage.setItem('water-day', JSON.stringify({ userId: 99, date: '2026-11-23', resetAt: null }));
    const sent = serverDay([]);
    const requests = recordRequests();
    onTestFinished(requests.stop);
    renderCard(2000);

    expect(await screen.findByText('0 ml de 2000 ml')).toBeInTheDocument();
    await vi.waitFor(() => expect(requests.count('GET /api/v1/agua/2026-11-23')).toBe(1));
    expect(sent).toEqual([]);
    expect(storedIntake()).toEqual([]);
  });
});
