import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VideoEmbed, youTubeId } from './video-embed';

describe('youTubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=abcdefghijk&t=10', 'abcdefghijk'],
    ['https://youtu.be/abcdefghijk', 'abcdefghijk'],
    ['https://www.youtube.com/embed/abcdefghijk', 'abcdefghijk'],
    ['https://youtube.com/shorts/abcdefghijk', 'abcdefghijk'],
    ['https://m.youtube.com/watch?v=abcdefghijk', 'abcdefghijk'],
    ['abcdefghijk', 'abcdefghijk'],
    ['https://vimeo.com/123456', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['não é um endereço', null],
  ])('reads %s as %s', (video, id) => {
    expect(youTubeId(video)).toBe(id);
  });
});

describe('VideoEmbed', () => {
  it('loads no player until the client presses play', async () => {
    const { container } = render(<VideoEmbed video="https://youtu.be/abcdefghijk" title="Supino reto" />);
    expect(container.querySelector('iframe')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reproduzir vídeo: Supino reto' }));

    const player = screen.getByTitle('Supino reto');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1&rel=0');
  });

  it.each([
    ['no', null],
    ['an empty', ''],
  ])('with %s video, offers a YouTube search for the title in a new tab', (_what, video) => {
    const { container } = render(<VideoEmbed video={video} title="Supino reto" />);

    const search = screen.getByRole('link', { name: 'Ver execução no YouTube' });
    expect(search).toHaveAttribute('href', 'https://www.youtube.com/results?search_query=Supino%20reto');
    expect(search).toHaveAttribute('target', '_blank');
    expect(search).toHaveAttribute('rel', 'noreferrer');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('offers any other address as a link', () => {
    render(<VideoEmbed video="https://vimeo.com/123456" title="Remada" />);
    expect(screen.getByRole('link', { name: 'Abrir vídeo: Remada' })).toHaveAttribute('href', 'https://vimeo.com/123456');
  });
});
