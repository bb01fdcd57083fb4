import type { Message, MessageAuthor, MessagePage } from './messages.js';

/**
 * A conversation as both apps hold it: pages of `GET .../mensagens`, newest page first. These keep
 * the pages right as messages arrive (an answer to a send, the live stream) and as they are read;
 * `reader` is the side holding them, whose `nao_lidas` counts the other side's unread messages.
 */

/** Every message held, oldest first, each once. */
export function messagesOfPages(pages: readonly MessagePage[]): Message[] {
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const page of pages) {
    for (const message of page.results) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages.sort((a, b) => a.enviada_em.localeCompare(b.enviada_em) || a.id.localeCompare(b.id));
}

/** The pages with a message the server stored: in place when held, else at the front of the newest page. */
export function pagesWithMessage(pages: MessagePage[], message: Message, reader: MessageAuthor): MessagePage[] {
  const known = pages.some((page) => page.results.some(({ id }) => id === message.id));
  if (known) {
    return pages.map((page) => ({ ...page, results: page.results.map((held) => (held.id === message.id ? message : held)) }));
  }
  const [newest, ...older] = pages;
  if (!newest) return pages;
  const unread = message.autor !== reader && message.lida_em === null ? 1 : 0;
  return [{ results: [message, ...newest.results], nao_lidas: newest.nao_lidas + unread }, ...older];
}

/** The pages once `reader` has read every message of the other side, at `at`. */
export function pagesReadBy(pages: MessagePage[], reader: MessageAuthor, at: string): MessagePage[] {
  return pages.map((page) => ({
    nao_lidas: 0,
    results: page.results.map((message) => (message.autor !== reader && message.lida_em === null ? { ...message, lida_em: at } : message)),
  }));
}
