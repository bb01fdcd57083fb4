import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/test-utils';

// The service worker's registration is the browser's boundary: the test plays a waiting new version.
const updateServiceWorker = vi.fn(async () => undefined);
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [true, vi.fn()],
    offlineReady: [false, vi.fn()],
    updateServiceWorker,
  }),
}));

describe('a new version', () => {
  it("offers 'Atualizar' under 'Nova versão disponível', which reloads into it", async () => {
    const { user } = renderWithProviders(<p>app</p>);

    expect(await screen.findByText('Nova versão disponível')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(updateServiceWorker).toHaveBeenCalledOnce();
  });
});
