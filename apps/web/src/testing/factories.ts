import type { AccessClaims, Client, Evaluation } from '@acompanha/contract';
import { format, addDays } from 'date-fns';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the API's claims: enough for the app, which only reads them. */
export function fakeJwt(claims: Partial<AccessClaims> & { jti?: string } = {}): string {
  const payload: AccessClaims = { sub: 'ana@demo.fit', user_id: 1, exp: 4_102_444_800, ...claims };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

export function buildClient(overrides: Partial<Client> = {}): Client {
  return { id: 1, nome: 'Ana Paula Souza', email: 'ana@demo.fit', data_nascimento: '1994-03-15', ...overrides };
}

/** `YYYY-MM-DD` of the day so many days from today on the local calendar. */
export function localDateIn(days: number): string {
  return format(addDays(new Date(), days), 'yyyy-MM-dd');
}

export function buildEvaluation(overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    id: 1,
    plano: 'ULTIMATE',
    vencimento: localDateIn(50),
    created_at: '2026-03-15T10:00:00.000Z',
    peso: 62.5,
    altura: 165,
    objetivo: 'Hipertrofia',
    consumo_ideal_agua: 2500,
    ...overrides,
  };
}
