import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules among those whose outcome depends on colours: all that can change with the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Switches the system's theme and waits until the colours it changes have finished their transitions. */
async function useColorScheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Zero axe violations of WCAG 2.1 A and AA, each one spelled out in the failure message, in both
 * themes: every rule on the screen as it is, then the colour rules on the same screen with the
 * system's other colour scheme (the page follows it at once, nothing reloads; names, roles and
 * structure are the same in both), then back. A second, narrower scan of each state costs a second
 * or two where a dark run of every tour would cost minutes.
 */
export async function expectNoViolations(page: Page, state: string) {
  const startsDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const schemes = startsDark ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  for (const [index, colorScheme] of schemes.entries()) {
    if (index > 0) await useColorScheme(page, colorScheme);
    const scan = new AxeBuilder({ page });
    const { violations } = await (index === 0 ? scan.withTags(WCAG_TAGS) : scan.withRules(COLOUR_RULES)).analyze();
    const report = violations
      .map(
        (violation) =>
          `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}\n` +
          violation.nodes.map((node) => `  at ${node.target.join(' ')}\n    ${node.failureSummary ?? ''}`).join('\n'),
      )
      .join('\n');
    expect(violations, `${state}, in the ${colorScheme} theme, has accessibility violations:\n${report}`).toEqual([]);
  }
  await useColorScheme(page, schemes[0]);
}
