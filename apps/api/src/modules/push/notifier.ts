import { PUSH_TAGS, truncateText, type Message, type PushPayload } from '@acompanha/contract';
import webpush from 'web-push';
import type { Db } from '../../db/database.js';
import { EndpointRefusedError, type EndpointRules } from './endpoint-rules.js';
import { claimDuePushes, enqueuePush, enqueuePushToDevice, removePush, reschedulePush, retryAt, type QueuedPush } from './queue.js';
import { forgetOldReminders, runDueReminders } from './reminders.js';
import { deleteSubscriptionById, subscriptionsByIds, wantsTeamMessages, type StoredSubscription } from './repository.js';
import { postToPushService, type PushRequest, type PushServiceAnswer } from './transport.js';
import type { VapidKeys } from './vapid.js';
import { createWorker, type Worker } from '../../workers/worker.js';

/** A team message may reach a phone that was off for a day; the settings' test is moot after a few minutes. */
const TEAM_MESSAGE_TTL_MS = 24 * 60 * 60_000;
const TEST_TTL_MS = 5 * 60_000;

export interface PushLog {
  warn(details: { err?: unknown; pushId?: number; subscriptionId?: number; status?: number; worker?: string }, message: string): void;
}

export interface PushNotifierOptions {
  vapid: VapidKeys;
  rules: EndpointRules;
  log: PushLog;
  /** The clock of retries and reminders; tests move it. */
  now?: () => Date;
  /** How often every instance looks for due reminders and retries. */
  pollMs?: number;
  /** How a push reaches its service; tests may count. */
  post?: (request: PushRequest, rules: EndpointRules) => Promise<PushServiceAnswer>;
}

export interface PushNotifier {
  /** The VAPID public key, for `GET /api/v1/push/chave`. */
  publicKey: string;
  /** Pushes a team message to the client's devices (author's name, text cut to 120 characters, opening /chat), unless they turned it off. Never throws. */
  teamMessage(clientId: number, message: Message): Promise<void>;
  /** Pushes the settings' test to one device of the client; false when that endpoint is not theirs. */
  sendTest(clientId: number, endpoint: string): Promise<boolean>;
  /** Sends every due push, then resolves (a pass under way is joined, and followed by another). */
  deliverDue(): Promise<void>;
  /** Queues the reminders whose time has come, and sends them. */
  runReminders(): Promise<void>;
  /** Resolves once the delivery under way, if any, has finished. */
  idle(): Promise<void>;
  /** The workers that look for due reminders and retries every `pollMs`: reminders first, as they hand pushes to the delivery. */
  workers: Worker[];
}

/** A team message's push says when it carries photos: its text after a camera, or the photos alone. */
export function teamMessageBody({ texto, midias }: Pick<Message, 'texto' | 'midias'>) {
  if (midias.length === 0) return texto;
  if (texto) return `📷 ${texto}`;
  return midias.length === 1 ? '📷 Foto' : `📷 ${midias.length} fotos`;
}

const isSuccess = (status: number) => status >= 200 && status < 300;
const isGone = (status: number) => status === 404 || status === 410;
const isTransient = (status: number) => status === 429 || status >= 500;

/**
 * Web Push (RFC 8291 encryption and RFC 8292 VAPID, by `web-push`) through one queue that every
 * instance works on (queue.ts). A device's push service that answers 404 or 410 has dropped the
 * subscription, which goes; 429 and 5xx are tried again with backoff; an endpoint that breaks the
 * rules (endpoint-rules.ts) goes too.
 */
export function createPushNotifier(db: Db, { vapid, rules, log, now = () => new Date(), pollMs = 30_000, post = postToPushService }: PushNotifierOptions): PushNotifier {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  let remindersForgottenAt = 0;

  async function retryLater(push: QueuedPush, error: string, retryAfterMs: number | null) {
    const next = retryAt(push, now(), retryAfterMs);
    if (next) {
      await reschedulePush(db, push.id, error, next);
      return;
    }
    log.warn({ pushId: push.id, subscriptionId: push.subscription_id }, `push given up after ${push.attempts} attempts: ${error}`);
    await removePush(db, push.id);
  }

  async function send(push: QueuedPush, subscription: StoredSubscription | undefined) {
    const remainingMs = Date.parse(push.expires_at) - now().getTime();
    if (!subscription || remainingMs <= 0) {
      await removePush(db, push.id);
      return;
    }
    let request: PushRequest;
    try {
      request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, push.payload, {
        vapidDetails,
        TTL: Math.ceil(remainingMs / 1000),
        topic: push.topic,
        urgency: push.topic === PUSH_TAGS.mensagens || push.topic === PUSH_TAGS.teste ? 'high' : 'normal',
      }) as PushRequest;
    } catch (error) {
      // Keys no push can be encrypted for: the subscription is of no use.
      log.warn({ err: error, subscriptionId: subscription.id }, 'push subscription removed: its keys cannot encrypt a push');
      await deleteSubscriptionById(db, subscription.id);
      return;
    }
    let answer: PushServiceAnswer;
    try {
      answer = await post(request, rules);
    } catch (error) {
      if (error instanceof EndpointRefusedError) {
        log.warn({ err: error, subscriptionId: subscription.id }, 'push subscription removed: its endpoint is not allowed');
        await deleteSubscriptionById(db, subscription.id);
        return;
      }
      await retryLater(push, error instanceof Error ? error.message : String(error), null);
      return;
    }
    if (isSuccess(answer.status)) await removePush(db, push.id);
    else if (isGone(answer.status)) await deleteSubscriptionById(db, subscription.id);
    else if (isTransient(answer.status)) await retryLater(push, `push service answered ${answer.status}`, answer.retryAfterMs);
    else {
      log.warn({ pushId: push.id, subscriptionId: subscription.id, status: answer.status }, 'push refused by the push service; not tried again');
      await removePush(db, push.id);
    }
  }

  async function deliverAll() {
    for (let claimed = await claimDuePushes(db, now()); claimed.length > 0; claimed = await claimDuePushes(db, now())) {
      const subscriptions = new Map((await subscriptionsByIds(db, [...new Set(claimed.map((push) => push.subscription_id))])).map((row) => [row.id, row]));
      await Promise.all(claimed.map((push) => send(push, subscriptions.get(push.subscription_id))));
    }
  }

  const delivery = createWorker({
    name: 'push',
    intervalMs: pollMs,
    pass: deliverAll,
    log,
    // The database is unreachable: claimed pushes come due again after their lease.
    failure: 'push delivery paused: the queue could not be read or updated',
  });
  const deliverDue = delivery.run;

  async function enqueue(clientId: number, payload: PushPayload, ttlMs: number) {
    const queued = await enqueuePush(db, clientId, payload, { now: now(), ttlMs });
    if (queued > 0) void deliverDue();
  }

  async function queueDueReminders() {
    const at = now();
    const sent = await runDueReminders(db, at, { enqueue: (trx, clientId, payload, options) => enqueuePush(trx, clientId, payload, options) });
    if (at.getTime() - remindersForgottenAt > 60 * 60_000) {
      remindersForgottenAt = at.getTime();
      await forgetOldReminders(db, at);
    }
    if (sent.length > 0) await deliverDue();
  }

  const reminders = createWorker({
    name: 'reminders',
    intervalMs: pollMs,
    pass: queueDueReminders,
    log,
    // Claimed reminders come due again when their lease ends; their slots are never sent twice.
    failure: 'reminders paused: the settings could not be read or updated',
  });

  return {
    publicKey: vapid.publicKey,
    async teamMessage(clientId, message) {
      try {
        if (!(await wantsTeamMessages(db, clientId))) return;
        await enqueue(clientId, { titulo: message.autor_nome, corpo: truncateText(teamMessageBody(message)), url: '/chat', tag: PUSH_TAGS.mensagens }, TEAM_MESSAGE_TTL_MS);
      } catch (error) {
        // The reply is stored and on the live stream; a push that could not be queued must not undo that.
        log.warn({ err: error }, 'the push of a team message could not be queued');
      }
    },
    async sendTest(clientId, endpoint) {
      const payload = {
        titulo: 'Notificação de teste',
        corpo: 'Tudo certo: as notificações do Acompanha chegam a este aparelho.',
        url: '/profile/notificacoes',
        tag: PUSH_TAGS.teste,
      };
      const queued = await enqueuePushToDevice(db, clientId, endpoint, payload, { now: now(), ttlMs: TEST_TTL_MS });
      if (queued) void deliverDue();
      return queued;
    },
    deliverDue,
    runReminders: reminders.run,
    idle: delivery.idle,
    workers: [reminders, delivery],
  };
}
