import type { Message, ReadingEvent } from '@acompanha/contract';
import type { LoggedEvent } from './fan-out.js';

/** What the live streams carry (decision 035): a conversation's new message, or one side's reading. */
export type ConversationEvent = LoggedEvent & ({ tipo: 'mensagem'; message: Message } | { tipo: 'leitura'; reading: ReadingEvent });
