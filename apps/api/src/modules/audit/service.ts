import type { Paged, PageQuery, StaffChange } from '@acompanha/contract';
import type { Db } from '../../db/database.js';
import { pageStaffChanges } from './repository.js';

/** A page of the record, newest first; a page past the end is empty, never missing. */
export async function staffChanges(db: Db, page: PageQuery): Promise<Paged<StaffChange>> {
  return (await pageStaffChanges(db, page))!;
}
