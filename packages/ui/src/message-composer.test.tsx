import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer, type ComposerAttachment } from './message-composer';

const photo = (name: string) => new File([name], name, { type: 'image/jpeg' });

/** The composer as an app holds it: the photos chosen join the strip, with the states the test gives. */
function Holder({ onSend, initial = [] }: { onSend: (texto: string) => string | void; initial?: ComposerAttachment[] }) {
  const [attachments, setAttachments] = useState<ComposerAttachment[]>(initial);
  const [retried, setRetried] = useState<string[]>([]);
  return (
    <>
      <MessageComposer
        placeholder="Escreva"
        maxLength={2000}
        onSend={onSend}
        photos={{
          attachments,
          max: 4,
          accept: 'image/jpeg,image/png,image/webp',
          onAttach: (files) => setAttachments((held) => [...held, ...files.map((file) => ({ id: file.name, preview: file, status: 'uploading' as const, progress: 0.4 }))]),
          onRemove: (id) => setAttachments((held) => held.filter((attachment) => attachment.id !== id)),
          onRetry: (id) => setRetried((ids) => [...ids, id]),
        }}
      />
      <output aria-label="retried">{retried.join(',')}</output>
    </>
  );
}

describe('MessageComposer with photos', () => {
  it('attaches the photos chosen, shows their upload progress, and removes one', async () => {
    const user = userEvent.setup();
    render(<Holder onSend={() => undefined} />);
    const picker = screen.getByLabelText('Escolher fotos');
    expect(picker).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(picker).toHaveAttribute('multiple');

    await user.upload(picker, [photo('a.jpg'), photo('b.jpg')]);

    const strip = screen.getByRole('list', { name: 'Fotos anexadas' });
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Envio da foto 1' })).toHaveAttribute('aria-valuenow', '40');
    expect(strip).toHaveTextContent('Enviando… 40%');

    await user.click(screen.getByRole('button', { name: 'Remover foto 1' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('refuses a fifth photo, saying why, and keeps the four', async () => {
    const user = userEvent.setup();
    render(<Holder onSend={() => undefined} />);

    await user.upload(screen.getByLabelText('Escolher fotos'), [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg'), photo('5.jpg')]);

    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getAllByText('Você pode enviar no máximo 4 fotos por mensagem.').length).toBeGreaterThan(0);

    // Full, the button says so again instead of opening the picker.
    await user.click(screen.getByRole('button', { name: 'Remover foto 4' }));
    expect(screen.queryByText('Você pode enviar no máximo 4 fotos por mensagem.')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Escolher fotos'), [photo('5.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Anexar fotos' }));
    expect(screen.getAllByText('Você pode enviar no máximo 4 fotos por mensagem.').length).toBeGreaterThan(0);
  });

  it('sends photos without text, and shows why the message cannot go yet instead of emptying', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn<(texto: string) => string | void>().mockReturnValueOnce('Aguarde as fotos ficarem prontas.');
    render(<Holder onSend={onSend} />);
    await user.upload(screen.getByLabelText('Escolher fotos'), [photo('a.jpg')]);
    const field = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(field, 'Olha');

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(screen.getAllByText('Aguarde as fotos ficarem prontas.').length).toBeGreaterThan(0);
    expect(field).toHaveValue('Olha');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenLastCalledWith('');
    expect(screen.queryByText('Escreva a mensagem.')).not.toBeInTheDocument();
  });

  it('offers to send a failed photo again, and says why a refused one cannot go', async () => {
    const user = userEvent.setup();
    render(
      <Holder
        onSend={() => undefined}
        initial={[
          { id: 'caiu', preview: null, status: 'failed' },
          { id: 'grande', preview: null, status: 'refused', error: 'Esta foto não pôde ser aberta.' },
          { id: 'sem-sinal', preview: null, status: 'waiting' },
        ]}
      />,
    );

    expect(screen.getByText('Esta foto não pôde ser aberta.')).toBeInTheDocument();
    expect(screen.getByText('Aguardando conexão')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar a foto 1 de novo' }));
    expect(screen.getByRole('status', { name: 'retried' })).toHaveTextContent('caiu');
    expect(screen.queryByRole('button', { name: 'Enviar a foto 2 de novo' })).not.toBeInTheDocument();
  });
});
