import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../testing/factories';
import { STORAGE_KEYS } from '../storage';
import { changesSessionUser, onSessionChangeInOtherTab } from './other-tabs';

const ana = fakeJwt({ user_id: 1 });
const anaRefreshed = fakeJwt({ user_id: 1, jti: 'next' });
const davi = fakeJwt({ user_id: 2, sub: 'davi@demo.fit' });

describe('a change another tab makes to the stored session', () => {
  it("is a change of user when the access token names someone else, or none ('Sair', a refused refresh)", () => {
    expect(changesSessionUser({ key: STORAGE_KEYS.accessToken, oldValue: ana, newValue: davi })).toBe(true);
    expect(changesSessionUser({ key: STORAGE_KEYS.accessToken, oldValue: ana, newValue: null })).toBe(true);
    expect(changesSessionUser({ key: STORAGE_KEYS.accessToken, oldValue: null, newValue: davi })).toBe(true);
  });

  it('is a change of user when local storage is cleared (SPEC.md: the header, an e-mailed link)', () => {
    expect(changesSessionUser({ key: null, oldValue: null, newValue: null })).toBe(true);
  });

  it("is not when the same user's tokens are renewed (another tab refreshed them): this tab adopts the pair", () => {
    expect(changesSessionUser({ key: STORAGE_KEYS.accessToken, oldValue: ana, newValue: anaRefreshed })).toBe(false);
    expect(changesSessionUser({ key: STORAGE_KEYS.refreshToken, oldValue: 'old', newValue: 'new' })).toBe(false);
  });

  it('is not for the keys that do not hold the session', () => {
    expect(changesSessionUser({ key: STORAGE_KEYS.trainSession, oldValue: null, newValue: '{}' })).toBe(false);
    expect(changesSessionUser({ key: STORAGE_KEYS.waterIntake, oldValue: '[]', newValue: '[1]' })).toBe(false);
  });
});

describe('onSessionChangeInOtherTab', () => {
  const onChange = vi.fn();
  let stop = () => {};
  afterEach(() => {
    stop();
    onChange.mockReset();
  });

  const fromOtherTab = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', { storageArea: localStorage, ...init }));

  it('tells the app when another tab signs someone else in, and stays quiet on a refresh of the same user', () => {
    stop = onSessionChangeInOtherTab(onChange);

    fromOtherTab({ key: STORAGE_KEYS.accessToken, oldValue: ana, newValue: anaRefreshed });
    expect(onChange).not.toHaveBeenCalled();

    fromOtherTab({ key: STORAGE_KEYS.accessToken, oldValue: ana, newValue: davi });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it('ignores session storage, and stops when unsubscribed', () => {
    stop = onSessionChangeInOtherTab(onChange);
    fromOtherTab({ storageArea: sessionStorage, key: null });
    stop();
    fromOtherTab({ key: null });

    expect(onChange).not.toHaveBeenCalled();
  });
});
