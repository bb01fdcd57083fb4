import { DEFAULT_PUSH_PREFERENCES, type PushPreferences, type PushPreferencesRequest, type PushSubscriptionRequest } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { badField, notFound } from '../../errors.js';
import { checkEndpoint, EndpointRefusedError, type EndpointRules, type Resolve } from './endpoint-rules.js';
import { nextReminderAfter } from './reminders.js';
import { deleteSubscription, findPreferences, preferencesOf, savePreferences, storeSubscription } from './repository.js';

/** The rules of a client's devices and settings (DECISIONS.md §5, decision 041). */

/**
 * Stores a device's subscription for the client once its endpoint passes the rules (400 naming
 * `endpoint` otherwise): 'created' (201) or 'unchanged' (200).
 */
export async function subscribe(db: Db, clientId: number, subscription: PushSubscriptionRequest, rules: EndpointRules, resolve?: Resolve, now = new Date()) {
  try {
    await checkEndpoint(subscription.endpoint, rules, resolve);
  } catch (error) {
    if (error instanceof EndpointRefusedError) throw badField('endpoint', error.message);
    throw error;
  }
  return storeSubscription(db, clientId, subscription, now);
}

/** Removes the client's subscription of that endpoint; another client's stays, and an unknown one is no error ('Sair' twice). */
export async function unsubscribe(db: Db, clientId: number, endpoint: string) {
  await deleteSubscription(db, clientId, endpoint);
}

/** The client's settings, or the defaults before they saved any. */
export async function preferencesFor(db: Db, clientId: number): Promise<PushPreferences> {
  const row = await findPreferences(db, clientId);
  return row ? preferencesOf(row) : DEFAULT_PUSH_PREFERENCES;
}

/** Saves the settings with their time zone, and when the first reminder is due under them (a slot from this very minute on). */
export async function savePreferencesFor(db: Db, clientId: number, preferences: PushPreferencesRequest, now = new Date()) {
  const nextReminder = nextReminderAfter(preferences, new Date(now.getTime() - 60_000));
  await savePreferences(db, clientId, preferences, nextReminder, now);
  return preferences;
}

export const deviceNotFound = () => notFound('Este aparelho não está inscrito para receber notificações.');
