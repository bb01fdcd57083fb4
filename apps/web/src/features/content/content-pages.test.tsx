import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../testing/test-utils';
import { EXERCISE_METHODS } from './exercise-methods-content';
import { FAQ_ENTRIES } from './faq-content';
import { MOBILITY_VIDEOS } from './mobility-content';
import { SPONSORS, WHATSAPP_MESSAGE } from './supplements-content';

describe('/faq', () => {
  it('lists the 12 questions, closed, and opens one answer at a time', async () => {
    signIn();
    const { user } = renderApp('/faq');

    expect(await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' })).toBeInTheDocument();
    const questions = screen.getAllByRole('button', { expanded: false }).filter((button) => button.closest('[data-slot=accordion]'));
    expect(questions.map((button) => button.textContent)).toEqual(FAQ_ENTRIES.map((entry) => entry.question));
    expect(questions).toHaveLength(12);

    const [first, second] = FAQ_ENTRIES;
    await user.click(screen.getByRole('button', { name: first!.question }));
    expect(screen.getByText(first!.answer)).toBeVisible();

    await user.click(screen.getByRole('button', { name: second!.question }));
    expect(screen.getByText(second!.answer)).toBeVisible();
    expect(screen.queryByText(first!.answer)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: first!.question })).toHaveAttribute('aria-expanded', 'false');
  });

  it('has the back control of every screen: one page back, home when opened directly', async () => {
    signIn();
    const { user, router } = renderApp('/exercise-methods');
    await screen.findByRole('heading', { level: 1, name: 'Métodos de treinamento' });
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await screen.findByRole('heading', { level: 1, name: 'Perguntas frequentes' });

    const back = screen.getByRole('link', { name: 'Voltar' });
    expect(back).toHaveAttribute('data-slot', 'back-link');
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise-methods'));
  }, 15_000);

  it('answers with the facts of the service: 60 days, 48 hours, consultations on the website', () => {
    const answers = FAQ_ENTRIES.map((entry) => entry.answer).join('\n');
    expect(answers).toContain('60 dias');
    expect(answers).toContain('48 horas');
    expect(answers).toMatch(/consultas são agendadas pelo site/i);
  });
});

describe('/exercise-methods', () => {
  it('lists the nine methods in order and collapses the open one when pressed again', async () => {
    signIn();
    const { user } = renderApp('/exercise-methods');

    expect(await screen.findByRole('heading', { level: 1, name: 'Métodos de treinamento' })).toBeInTheDocument();
    const names = ['Bi-set', 'Pré-exaustão', 'Rest-pause', 'Tri-set', 'Drop-set', 'Strip-set', 'Cluster-set', 'Super-set', 'FST-7'];
    for (const name of names) expect(screen.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false');
    expect(EXERCISE_METHODS.map((method) => method.name)).toEqual(names);

    const restPause = screen.getByRole('button', { name: 'Rest-pause' });
    await user.click(restPause);
    expect(screen.getByText(/pause 10 segundos/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cluster-set' }));
    expect(restPause).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/5 repetições com 10kg, pausa de 5 segundos, 5 repetições com 12kg/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cluster-set' }));
    expect(screen.getByRole('button', { name: 'Cluster-set' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("explains SPEC.md's examples", () => {
    const text = (name: string) => EXERCISE_METHODS.find((method) => method.name === name)?.description;
    expect(text('Drop-set')).toMatch(/3 a 4 séries/);
    expect(text('FST-7')).toMatch(/Sete séries.*15 a 30 segundos.*alongamento/);
    expect(text('Rest-pause')).toMatch(/10 segundos.*mesma carga.*máximo de repetições/);
  });
});

describe('/supplements', () => {
  it("shows the 10% banner and each of the 5 shops with a WhatsApp link carrying the message", async () => {
    signIn();
    renderApp('/supplements');

    expect(await screen.findByRole('heading', { level: 1, name: 'Plano alimentar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '10% de desconto' })).toBeInTheDocument();
    const shops = within(screen.getByRole('list', { name: 'Lojas parceiras' })).getAllByRole('article');
    expect(shops).toHaveLength(5);

    SPONSORS.forEach((sponsor, index) => {
      const shop = within(shops[index]!);
      expect(shop.getByRole('heading', { name: sponsor.name })).toBeInTheDocument();
      expect(shop.getByText(sponsor.location)).toBeInTheDocument();
      for (const category of sponsor.categories) expect(shop.getByText(category)).toBeInTheDocument();
      const link = shop.getByRole('link', { name: 'Contatar via WhatsApp' });
      expect(link).toHaveAccessibleDescription(sponsor.name);
      const url = new URL(link.getAttribute('href')!);
      expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${sponsor.whatsapp}`);
      expect(url.searchParams.get('text')).toBe(WHATSAPP_MESSAGE);
    });
  });
});

describe('/mobility', () => {
  it('shows the 7 videos as placeholders, none loaded, and a back button', async () => {
    signIn();
    const { container, user, router } = renderApp('/mobility');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mobilidade' })).toBeInTheDocument();
    const titles = [
      'Mobilidade de ombro 1',
      'Mobilidade de ombro 2',
      'Mobilidade de ombro 3',
      'Mobilidade de ombro 4',
      'Mobilidade de ombro 5',
      'Mobilidade torácica',
      'Mobilidade de quadril',
    ];
    expect(MOBILITY_VIDEOS.map((video) => video.title)).toEqual(titles);
    for (const title of titles) expect(screen.getByRole('button', { name: `Reproduzir vídeo: ${title}` })).toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reproduzir vídeo: Mobilidade torácica' }));
    expect(container.querySelectorAll('iframe')).toHaveLength(1);

    // Opened directly, there is no earlier page: back leads home.
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
