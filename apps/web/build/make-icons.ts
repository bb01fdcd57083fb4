// Draws the app's icons in apps/web/public from the logo's mark (packages/ui/src/logo.tsx).
// Run it again after changing the logo: `npm run icons -w apps/web`. Its output is committed, so
// building the app never needs a browser.
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { THEME_COLOR as PRIMARY } from './theme';

const publicDir = path.resolve(import.meta.dirname, '../public');
const HEARTBEAT =
  '<path d="M7 21h6.5l3-7 5 14 3.5-9 2 2H33" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>\n`;

const mark = svg(`<rect width="40" height="40" rx="12" fill="${PRIMARY}"/>${HEARTBEAT}`);
// iOS rounds the corners itself and fills transparent pixels with black.
const square = svg(`<rect width="40" height="40" fill="${PRIMARY}"/>${HEARTBEAT}`);
// Android draws a notification's badge from its alpha alone: the line, white on transparent.
const badge = svg(HEARTBEAT);
// Launchers crop maskable icons to any shape that holds the central 80% circle; shrinking the line
// by that much keeps its margins to the cropped edge what they are in the mark.
const maskable = svg(
  `<rect width="40" height="40" fill="${PRIMARY}"/><g transform="translate(4 4) scale(0.8)">${HEARTBEAT}</g>`,
);

/** One PNG per entry, in an ICO container (PNG entries, supported since Windows Vista). */
function ico(images: { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
try {
  const page = await browser.newPage();
  const render = async (image: string, size: number, { transparent }: { transparent: boolean }) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html, body { margin: 0; background: transparent } svg { display: block; width: 100vw; height: 100vh }</style>${image}`,
    );
    return page.screenshot({ omitBackground: transparent });
  };

  await fs.mkdir(publicDir, { recursive: true });
  const write = (name: string, data: string | Buffer) => fs.writeFile(path.join(publicDir, name), data);

  await write('favicon.svg', mark);
  const favicons: { size: number; png: Buffer }[] = [];
  for (const size of [16, 32, 48]) favicons.push({ size, png: await render(mark, size, { transparent: true }) });
  await write('favicon.ico', ico(favicons));
  await write('apple-touch-icon.png', await render(square, 180, { transparent: false }));
  await write('pwa-192x192.png', await render(mark, 192, { transparent: true }));
  await write('pwa-512x512.png', await render(mark, 512, { transparent: true }));
  await write('maskable-icon-512x512.png', await render(maskable, 512, { transparent: false }));
  await write('badge-96x96.png', await render(badge, 96, { transparent: true }));
} finally {
  await browser.close();
}
