import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * A business of the size the roster pages through (console-roster.spec.ts): 120 clients more than
 * the demo's, their names after every other client's first letter ('Eduarda Almeida' to 'Priscila
 * Teixeira', ten of them João), so the demo's and the other specs' clients stay on the first page
 * and these fill the next ones. Every other one is Rafael's (personal@demo.fit), so 'Meus clientes'
 * has two pages. None has a plan, a session or a message. Each can sign in with the password below.
 */
const FIRST_NAMES = ['Eduarda', 'Felipe', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Lucas', 'Mariana', 'Nicolas', 'Otávio', 'Priscila'];
const LAST_NAMES = ['Almeida', 'Barbosa', 'Cardoso', 'Duarte', 'Esteves', 'Farias', 'Gomes', 'Moreira', 'Nunes', 'Teixeira'];
export const ROSTER_FIXTURE = { size: FIRST_NAMES.length * LAST_NAMES.length, password: 'Elenco2026' };

/** The fixture's `n`th client (from 0): their name, their e-mail, and whether Rafael looks after them. */
export const fixtureClient = (n: number) => ({
  nome: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length)]}`,
  email: `cliente${String(n).padStart(3, '0')}@elenco.teste`,
  rafaels: n % 2 === 0,
});

/**
 * Writes the fixture to the e2e server's database (E2E_DATA_DIR) through the API's own repositories
 * (e2e/fill-roster.mjs), once: the team's 'Novo cliente' allows 60 an hour, and the operator CLI
 * makes one client a process. Returns how many clients it wrote (0 when they were there already).
 */
export function fillRoster(): number {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fill-roster.mjs')], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`e2e/fill-roster.mjs failed:\n${result.stderr}`);
  return Number(result.stdout.trim());
}
