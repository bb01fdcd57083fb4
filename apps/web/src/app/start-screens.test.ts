import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_START_SCREENS } from './start-screens';

/** Each module the router (router.tsx) or its loaders' app (create-app.tsx) import lazily, as a path from the web app's folder ('src/features/…'). */
function lazyModulesOfRouter(): Set<string> {
  const sources = ['router.tsx', 'create-app.tsx'].map((file) => readFileSync(path.join(import.meta.dirname, file), 'utf8'));
  return new Set(
    sources.flatMap((source) => [...source.matchAll(/import\('(\.\.\/[^']+)'\)/g)].map(([, module]) => path.posix.join('src/app', module!))),
  );
}

describe('the signed-in start screens (index.html preloads their chunks)', () => {
  const routerModules = lazyModulesOfRouter();
  const withoutExtension = (module: string) => module.replace(/\.tsx?$/, '');

  it('name modules the router loads lazily, so that the preloads are what the screen asks for', () => {
    const listed = [...SIGNED_IN_START_SCREENS.layout, ...SIGNED_IN_START_SCREENS.screens.flatMap((screen) => screen.modules)];
    for (const module of listed) expect(routerModules, module).toContain(withoutExtension(module));
  });

  it('match the paths of home, a workout and a diet, and no other', () => {
    const match = (pathname: string) => SIGNED_IN_START_SCREENS.screens.filter((screen) => screen.path.test(pathname)).length;
    expect(['/', '/workout/12', '/diet/3'].map(match)).toEqual([1, 1, 1]);
    expect(['/chat', '/workout/12/x', '/profile', '/diet/'].map(match)).toEqual([0, 0, 0, 0]);
  });
});
