import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    rollupOptions: {
      output: {
        // React and the router change far less often than the app: their own chunk stays cached across releases.
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
    // In development the API runs on its own port; in production it shares the web app's origin.
    proxy: { '/api': 'http://localhost:8080' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
