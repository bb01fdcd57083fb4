import type { Message, TeamMessageRequest } from '@acompanha/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addToConversation } from '../../lib/conversation';
import { server } from '../../testing/msw-server';
import { renderRoute } from '../../testing/render';
import { ConversationTab } from './conversation-tab';

const CONVERSATION = '/api/v1/equipe/clientes/:id/mensagens';

const question: Message = {
  id: '0b9f6a52-7a5e-4a3c-9d51-1f0c2a3b4c5d',
  autor: 'CLIENTE',
  autor_nome: 'Ana Paula Souza',
  autor_papel: null,
  texto: 'Posso trocar o leg press pelo hack?',
  enviada_em: '2026-11-24T12:00:00.000Z',
  lida_em: '2026-11-24T12:01:00.000Z',
};

const renderTab = () => renderRoute(<ConversationTab />, { pattern: '/clientes/:id/conversa', path: '/clientes/7/conversa' });

describe('ConversationTab', () => {
  it("shows a reply once when the live stream brings it before the reply's own answer, and sends it with the console's id", async () => {
    let answer: (message: Message) => void = () => {};
    const sent: TeamMessageRequest[] = [];
    server.use(
      http.get(CONVERSATION, () => HttpResponse.json({ results: [question], nao_lidas: 0 })),
      http.post(CONVERSATION, async ({ request }) => {
        sent.push((await request.json()) as TeamMessageRequest);
        return HttpResponse.json(await new Promise<Message>((resolve) => (answer = resolve)), { status: 201 });
      }),
    );
    const { queryClient } = renderTab();
    await screen.findByText(question.texto);

    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Pode sim.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await expect.poll(() => sent).toHaveLength(1);
    expect(sent[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toHaveLength(1);

    // The team stream delivers the stored reply while its POST has not answered yet.
    const stored: Message = { ...question, id: sent[0]!.id!, autor: 'EQUIPE', autor_nome: 'Rafael Costa', autor_papel: 'ROLE_PERSONAL', texto: 'Pode sim.', enviada_em: '2026-11-24T12:02:00.000Z', lida_em: null };
    addToConversation(queryClient, 7, stored);
    await screen.findByText(/Rafael Costa/);
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toHaveLength(1);

    answer(stored);
    const reply = await screen.findByText('Enviada');
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('Pode sim.'))).toEqual([reply.closest('li')]);
  });
});
