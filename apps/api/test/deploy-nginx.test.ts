import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const conf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf'), 'utf8');
const directives = conf.replace(/#.*$/gm, '');

// E-mailed links carry their token in the query string (and the page they lead to keeps it, so a
// Referer may too): an access log line must hold neither.
const LEAKING_VARIABLES = /\$(request|request_uri|args|query_string|arg_\w+|http_referer)\b/;

describe('the nginx example', () => {
  it('logs requests in a format without query strings or referers', () => {
    const formats = [...directives.matchAll(/log_format\s+(\S+)([^;]*);/g)];
    expect(formats.length).toBeGreaterThan(0);
    for (const [, , format] of formats) expect(format).not.toMatch(LEAKING_VARIABLES);
  });

  it('writes every server block’s access log in that format', () => {
    const formatNames = new Set([...directives.matchAll(/log_format\s+(\S+)/g)].map((match) => match[1]));
    const servers = directives.split(/^server\s*\{/m).slice(1);
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) {
      const accessLog = /access_log\s+(\S+)\s+(\S+?)\s*;/.exec(server);
      expect(accessLog?.[2] && formatNames.has(accessLog[2]), server.slice(0, 80)).toBe(true);
    }
  });
});
