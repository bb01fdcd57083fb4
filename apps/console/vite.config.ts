import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { themeColorMetas } from '@acompanha/ui/theme-tokens';
import { defineConfig } from 'vitest/config';

/** Where the server mounts the console; the client app owns every other path. */
export const CONSOLE_BASE = '/equipe/';

export default defineConfig({
  base: CONSOLE_BASE,
  // The browser's bar follows the system's theme, as the page does (the client app's colours).
  plugins: [react(), tailwindcss(), { name: 'theme-color', transformIndexHtml: themeColorMetas }],
  build: {
    rollupOptions: {
      output: {
        // React and the router change far less often than the console: their own chunk stays cached across releases.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
        },
      },
      onwarn(warning, warn) {
        // zod ships comments that Rollup cannot place; harmless, and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5174,
    // In development the API runs on its own port; in production it shares the console's origin.
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    // A bound for a hung test, not a speed check (a busy machine of two cores is slow).
    testTimeout: 60_000,
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
