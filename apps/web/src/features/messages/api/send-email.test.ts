import { describe, expect, it } from 'vitest';
import { isOwnApi } from './send-email';

describe('isOwnApi: who may receive the bearer token with a message', () => {
  it("is the API's own origin, whether the endpoint is written as a path or in full", () => {
    expect(isOwnApi('/api/v1.0/email/send', '/api')).toBe(true);
    expect(isOwnApi(`${location.origin}/api/v1.0/email/send`, '/api')).toBe(true);
    expect(isOwnApi('https://api.acompanha.app/api/v1.0/email/send', 'https://api.acompanha.app/api')).toBe(true);
  });

  it("is never EmailJS, nor the page's origin when the API lives elsewhere", () => {
    expect(isOwnApi('https://api.emailjs.com/api/v1.0/email/send', '/api')).toBe(false);
    expect(isOwnApi('/api/v1.0/email/send', 'https://api.acompanha.app/api')).toBe(false);
  });
});
