import type { Plugin } from 'vite';

/** The meta of index.html that names the other origins the app sends to; the server reads it (plugins/web-app.ts). */
export const CONNECT_SOURCES_META = 'acompanha-connect-src';

/**
 * The forms post EmailJS's JSON to VITE_EMAIL_ENDPOINT: this server by default, EmailJS itself (or
 * any other) when the build is told so. The server's Content-Security-Policy allows connecting to
 * this origin only, plus the origin written here when the endpoint is elsewhere, so that the policy
 * follows what the build was made with and nothing else.
 */
export function connectSourcesPlugin(): Plugin {
  let endpoint: string | undefined;
  return {
    name: 'connect-sources',
    configResolved(config) {
      endpoint = config.env.VITE_EMAIL_ENDPOINT;
    },
    transformIndexHtml() {
      if (!endpoint || !/^https?:\/\//.test(endpoint)) return [];
      return [{ tag: 'meta', attrs: { name: CONNECT_SOURCES_META, content: new URL(endpoint).origin }, injectTo: 'head' }];
    },
  };
}
