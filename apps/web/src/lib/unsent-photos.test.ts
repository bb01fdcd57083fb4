import { describe, expect, it } from 'vitest';
import { forgetUnsentPhoto, keepUnsentPhoto, unsentPhoto } from './unsent-photos';

describe('unsent photos', () => {
  it("keeps a photo's bytes and type for its client only, until they are let go", async () => {
    await keepUnsentPhoto(1, 'foto-1', new Blob(['jpeg bytes'], { type: 'image/jpeg' }));

    const kept = await unsentPhoto(1, 'foto-1');
    expect(kept?.type).toBe('image/jpeg');
    expect(await kept?.text()).toBe('jpeg bytes');
    expect(await unsentPhoto(2, 'foto-1')).toBeNull();

    await forgetUnsentPhoto(1, 'foto-1');
    expect(await unsentPhoto(1, 'foto-1')).toBeNull();
  });
});
