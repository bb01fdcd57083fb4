import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

describe('security headers', () => {
  const ctx = useTestApp();

  it.each(['/api/health', '/api/v1/nada', '/api/v1/users/me'])('are on every answer: %s', async (url) => {
    const { headers } = await ctx.app.inject(url);
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: https://i.ytimg.com;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';frame-src https://www.youtube-nocookie.com https://www.youtube.com;" +
        "connect-src 'self' https://api.emailjs.com",
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
