import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sendUnreadAlerts } from '../src/modules/messages/unread-alerts.js';
import { setResponsibles } from '../src/modules/roster/repository.js';
import { createClient, insertMessage, useTestApp, type TestContext } from './helper.js';
import { signInStaff } from './staff.js';

const MINUTE = 60_000;
/**
 * Well after every real run of this file's app, so that only the test's clock decides what has
 * waited 30 minutes (the app's own check, each minute, reads the real one).
 */
const NOW = Date.now() + 400 * 24 * 60 * MINUTE;
const minutesAfter = (minutes: number) => new Date(NOW + minutes * MINUTE);

interface Sent {
  to: string;
  subject: string;
  text: string;
}

function recordingMailer() {
  const sent: Sent[] = [];
  return { sent, mailer: { send: async (email: Sent) => void sent.push(email) } };
}

const options = (mailer: ReturnType<typeof recordingMailer>['mailer']) => ({ mailer, contactEmail: 'equipe@acompanha.app', appUrl: 'https://app.acompanha.test' });

async function clientMessage(ctx: TestContext, clientId: number, minutes: number, texto = 'A máquina de leg press estava ocupada, posso trocar?') {
  await insertMessage(ctx.db, { id: randomUUID(), clientId, authorId: clientId, autor: 'CLIENTE', texto, enviadaEm: minutesAfter(minutes) });
}

describe("an e-mail to the team about a client's message nobody has read in 30 minutes", () => {
  const ctx = useTestApp();

  it('goes to CONTACT_EMAIL after 30 minutes, naming the client, quoting the message and linking the conversation', async () => {
    const ana = await createClient(ctx.db, { nome: 'Ana Paula Souza', evaluation: null });
    const { sent, mailer } = recordingMailer();
    await clientMessage(ctx, ana.id, 0);

    expect(await sendUnreadAlerts(ctx.db, minutesAfter(29), options(mailer))).toEqual([]);
    expect(await sendUnreadAlerts(ctx.db, minutesAfter(30), options(mailer))).toEqual([ana.id]);
    expect(sent).toEqual([
      {
        to: 'equipe@acompanha.app',
        subject: 'Acompanha: Ana Paula Souza espera resposta há 30 minutos',
        text: expect.stringContaining('"A máquina de leg press estava ocupada, posso trocar?"'),
      },
    ]);
    expect(sent[0]!.text).toContain(`https://app.acompanha.test/equipe/clientes/${ana.id}`);
  });

  it("goes to the client's responsible staff instead, one e-mail each, leaving out a disabled account", async () => {
    const rafael = await signInStaff(ctx, ['ROLE_PERSONAL'], 'Rafael Costa');
    const marina = await signInStaff(ctx, ['ROLE_NUTRICIONISTA'], 'Marina Alves');
    const caio = await createClient(ctx.db, { nome: 'Caio Responsável', evaluation: null });
    const dora = await createClient(ctx.db, { nome: 'Dora Só Nutri', evaluation: null });
    await setResponsibles(ctx.db, caio.id, { personalId: rafael.id, nutricionistaId: marina.id });
    await setResponsibles(ctx.db, dora.id, { personalId: null, nutricionistaId: marina.id });
    await ctx.db.updateTable('users').set({ disabled_at: minutesAfter(0).toISOString() }).where('id', '=', marina.id).execute();
    const { sent, mailer } = recordingMailer();
    await clientMessage(ctx, caio.id, 0);
    await clientMessage(ctx, dora.id, 0);

    expect((await sendUnreadAlerts(ctx.db, minutesAfter(30), options(mailer))).sort()).toEqual([caio.id, dora.id].sort());
    // Caio's trainer alone (his nutritionist is disabled); Dora's only one is disabled: the team's address.
    expect(sent.filter((email) => email.subject.includes('Caio')).map((email) => email.to)).toEqual([rafael.email]);
    expect(sent.filter((email) => email.subject.includes('Dora')).map((email) => email.to)).toEqual(['equipe@acompanha.app']);
  });

  it('sends at most one an hour per conversation, and only for messages it has not told of', async () => {
    const bia = await createClient(ctx.db, { evaluation: null });
    const { sent, mailer } = recordingMailer();
    await clientMessage(ctx, bia.id, 0, 'Primeira');
    await sendUnreadAlerts(ctx.db, minutesAfter(30), options(mailer));
    // Still unread an hour later, and nothing new: no second e-mail about the same message.
    await sendUnreadAlerts(ctx.db, minutesAfter(120), options(mailer));
    expect(sent).toHaveLength(1);

    await clientMessage(ctx, bia.id, 125, 'Segunda');
    await sendUnreadAlerts(ctx.db, minutesAfter(150), options(mailer));
    await sendUnreadAlerts(ctx.db, minutesAfter(155), options(mailer));
    expect(sent.map((email) => email.text.includes('"Segunda"'))).toEqual([false, true]);

    // A third message 10 minutes after that e-mail waits for the hour to pass.
    await clientMessage(ctx, bia.id, 160, 'Terceira');
    await sendUnreadAlerts(ctx.db, minutesAfter(195), options(mailer));
    expect(sent).toHaveLength(2);
    await sendUnreadAlerts(ctx.db, minutesAfter(215), options(mailer));
    expect(sent).toHaveLength(3);
  });

  it('says nothing once the team has read the message, nor about the team’s own messages', async () => {
    const caio = await createClient(ctx.db, { evaluation: null });
    const staff = await signInStaff(ctx);
    const { sent, mailer } = recordingMailer();
    await clientMessage(ctx, caio.id, 0);
    await ctx.db.updateTable('messages').set({ lida_em: minutesAfter(10).toISOString() }).where('client_id', '=', caio.id).execute();
    await insertMessage(ctx.db, { id: randomUUID(), clientId: caio.id, authorId: staff.id, autor: 'EQUIPE', texto: 'Oi!', enviadaEm: minutesAfter(1) });
    await sendUnreadAlerts(ctx.db, minutesAfter(60), options(mailer));
    expect(sent).toEqual([]);
  });

  it('is sent by one instance when several look at the same time', async () => {
    const davi = await createClient(ctx.db, { evaluation: null });
    const { sent, mailer } = recordingMailer();
    await clientMessage(ctx, davi.id, 1000);
    await Promise.all(Array.from({ length: 4 }, () => sendUnreadAlerts(ctx.db, minutesAfter(1040), options(mailer))));
    expect(sent.filter((email) => email.text.includes(`/clientes/${davi.id}`))).toHaveLength(1);
  });
});
