import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessagePhotos, type LoadPhoto } from './message-photos';
import { MessageThread, messageSummary } from './message-thread';

const photos = [
  { id: 'a', width: 1600, height: 1200 },
  { id: 'b', width: 900, height: 1600 },
];

/** An IntersectionObserver the test moves: `bringIntoView()` tells every watcher its element is near the screen. */
function stubIntersectionObserver() {
  const watchers = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
  class StubObserver {
    private readonly watcher: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.watcher = { callback, elements: [] };
      watchers.add(this.watcher);
    }
    observe(element: Element) {
      this.watcher.elements.push(element);
    }
    disconnect() {
      watchers.delete(this.watcher);
    }
  }
  vi.stubGlobal('IntersectionObserver', StubObserver);
  return {
    bringIntoView: () =>
      act(() => {
        for (const { callback, elements } of [...watchers]) {
          callback(elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver);
        }
      }),
  };
}

const loader = () => vi.fn<LoadPhoto>(async (id, size) => new Blob([`${id}:${size}`], { type: 'image/webp' }));

afterEach(() => vi.unstubAllGlobals());

describe('MessagePhotos', () => {
  it("keeps each photo's place from the start and loads the thumbnails only once near the screen", async () => {
    const { bringIntoView } = stubIntersectionObserver();
    const loadPhoto = loader();
    render(<MessagePhotos photos={[photos[0]!]} loadPhoto={loadPhoto} />);

    const open = screen.getByRole('button', { name: 'Abrir foto' });
    expect(open).toHaveStyle({ aspectRatio: String(1600 / 1200) });
    expect(loadPhoto).not.toHaveBeenCalled();

    bringIntoView();

    await waitFor(() => expect(open.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(loadPhoto).toHaveBeenCalledExactlyOnceWith('a', 'thumbnail', expect.any(AbortSignal));
    expect(open.querySelector('img')).toHaveAttribute('width', '1600');
    expect(screen.getByRole('group', { name: '1 foto' })).toBeInTheDocument();
  });

  it("revokes a thumbnail's object URL once it leaves the screen", async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const view = render(<MessagePhotos photos={photos} loadPhoto={loader()} />);
    const image = await waitFor(() => {
      const found = screen.getByRole('button', { name: 'Abrir foto 1 de 2' }).querySelector('img');
      expect(found).not.toBeNull();
      return found!;
    });
    const url = image.getAttribute('src');

    view.unmount();

    expect(revoke).toHaveBeenCalledWith(url);
  });

  it('opens a photo full screen, zooms it, moves to the next, and closes with its named button, focus back on the thumbnail', async () => {
    const user = userEvent.setup();
    const loadPhoto = loader();
    render(<MessagePhotos photos={photos} loadPhoto={loadPhoto} />);

    const first = screen.getByRole('button', { name: 'Abrir foto 1 de 2' });
    await user.click(first);

    const viewer = screen.getByRole('dialog', { name: 'Foto 1 de 2' });
    expect(await within(viewer).findByRole('img', { name: 'Foto 1 de 2' })).toBeInTheDocument();
    expect(loadPhoto).toHaveBeenCalledWith('a', 'full', expect.any(AbortSignal));

    const zoom = within(viewer).getByRole('button', { name: 'Ampliar foto' });
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await user.click(zoom);
    expect(zoom).toHaveAttribute('aria-pressed', 'true');
    expect(within(viewer).getByRole('img')).toHaveStyle({ transform: 'translate(0px, 0px) scale(2.5)' });

    // A double tap fits it to the screen again.
    const stage = within(viewer).getByRole('img').parentElement!;
    for (let tap = 0; tap < 2; tap++) {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 10, clientY: 10 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 10, clientY: 10 });
    }
    expect(zoom).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(viewer).getByRole('button', { name: 'Próxima foto' }));
    expect(await screen.findByRole('dialog', { name: 'Foto 2 de 2' })).toBeInTheDocument();
    // Another photo starts fitted to the screen.
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ampliar foto' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar foto' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir foto 2 de 2' })).toHaveFocus();
  });

  it('closes on Escape, moves with the arrow keys, and says when a photo cannot be loaded', async () => {
    const user = userEvent.setup();
    render(<MessagePhotos photos={photos} loadPhoto={(id, size) => (size === 'full' && id === 'b' ? Promise.reject(new Error('404')) : loader()(id, size, new AbortController().signal))} />);
    const first = screen.getByRole('button', { name: 'Abrir foto 1 de 2' });

    await user.click(first);
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Não foi possível carregar a foto.')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Foto 1 de 2' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(first).toHaveFocus();
  });
});

describe('MessageThread with photos', () => {
  it("shows a message's photos above its text, and a message of photos alone without an empty bubble", () => {
    render(
      <MessageThread
        loadPhoto={loader()}
        entries={[
          { id: '1', own: true, author: null, texto: '', photos, enviada_em: '2026-12-02T10:00:00.000Z', state: 'sent' },
          { id: '2', own: false, author: 'Rafael Costa · Personal', texto: 'Boa!', photos: [], enviada_em: '2026-12-02T10:05:00.000Z', state: null },
        ]}
      />,
    );

    const [own, reply] = screen.getAllByRole('listitem');
    expect(within(own!).getByRole('group', { name: '2 fotos' })).toBeInTheDocument();
    expect(own!.querySelectorAll('p')).toHaveLength(1);
    expect(within(reply!).queryByRole('group')).not.toBeInTheDocument();
  });

  it('sums a message up in a line: its text, or its photos when it has none', () => {
    expect(messageSummary('Olha a máquina', 1)).toBe('Olha a máquina');
    expect(messageSummary('', 1)).toBe('Foto');
    expect(messageSummary('', 3)).toBe('3 fotos');
    expect(messageSummary('Oi', 0)).toBe('Oi');
  });
});
