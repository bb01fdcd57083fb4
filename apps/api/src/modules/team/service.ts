import type { ClientHeader, ClientProgress, EvaluationList, Paged, PageQuery, TeamSession } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { clientNotFound } from '../../errors.js';
import { findClient } from '../clients/repository.js';
import { findClientHeader } from '../roster/repository.js';
import { listEvaluations } from '../evaluations/repository.js';
import { clientProgress, pageClientSessions } from '../workout-sessions/repository.js';

/**
 * A client's page in the team console (DECISIONS.md §5). Every staff member sees every client, so
 * the one rule is that the id is a client's: a staff account's or an unknown id answers 404.
 */

function found<T>(value: T | undefined): T {
  if (value === undefined) throw clientNotFound();
  return value;
}

/** Reads what belongs to a client once the id is known to be one: an empty answer cannot tell. */
async function ofClient<T>(db: Db, clientId: number, read: () => Promise<T>): Promise<T> {
  found(await findClient(db, clientId));
  return read();
}

/** The page's head: the client's roster entry, profile and latest evaluation. */
export const clientHeader = async (db: Db, clientId: number): Promise<ClientHeader> => found(await findClientHeader(db, clientId));

/** A page of the client's sessions with every set, newest first. */
export const clientSessions = async (db: Db, clientId: number, page: PageQuery): Promise<Paged<TeamSession>> =>
  found(await pageClientSessions(db, clientId, page));

/** The client's progress per activity, across all their plans. */
export const progress = (db: Db, clientId: number): Promise<ClientProgress> =>
  ofClient(db, clientId, async () => ({ results: await clientProgress(db, clientId) }));

/** Every evaluation of the client, oldest first, for measurements over time. */
export const evaluations = (db: Db, clientId: number): Promise<EvaluationList> =>
  ofClient(db, clientId, async () => ({ results: await listEvaluations(db, clientId, 'oldest first') }));
