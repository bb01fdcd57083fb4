import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { themeColorMetas } from '@acompanha/ui/theme-tokens';
import { defineConfig } from 'vitest/config';
import { prerenderPlugin } from './build/prerender-plugin';
import { chunkOf } from './build/chunks';
import { connectSourcesPlugin } from './build/connect-sources-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { PUSH_WORKER_FILE, pushWorkerPlugin } from './build/push-worker-plugin';
import { BACKGROUND_COLOR, THEME_COLOR } from './build/theme';
import packageJson from './package.json' with { type: 'json' };

/** The evaluation PDF's libraries (about 400 KB gzip): fetched when a client first downloads a PDF, not precached. */
const PDF_MODULES = /\/node_modules\/(jspdf|jspdf-autotable|html2canvas|dompurify|canvg|core-js|fflate|fast-png|iobuffer|pako|@babel\/runtime|svg-pathdata|stackblur-canvas|rgbcolor|raf|performance-now)\//;

export default defineConfig({
  define: {
    // Keys the persisted query cache: a release that changes what screens read bumps the web package's version.
    __APP_VERSION__: JSON.stringify(packageJson.version),
  },
  plugins: [
    react(),
    tailwindcss(),
    // The browser's bar follows the system's theme, as the page does.
    { name: 'theme-color', transformIndexHtml: themeColorMetas },
    connectSourcesPlugin(),
    prerenderPlugin(),
    pushWorkerPlugin(),
    precompressPlugin(),
    VitePWA({
      // The app asks before reloading into a new version ('Nova versão disponível'), and registers the worker itself.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.ico', 'favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Acompanha',
        short_name: 'Acompanha',
        description: 'Seus treinos, dietas e acompanhamento com seu personal e nutricionista, mesmo sem internet na academia.',
        lang: 'pt-BR',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every route chunk, so that any screen opens offline; API answers are never cached here
        // (the query cache persisted per user keeps the client's data).
        globPatterns: ['**/*.{js,css,html,svg,png,ico,wav}'],
        globIgnores: ['assets/pdf/**'],
        navigateFallback: '/index.html',
        // The API, and the team console: its own app, which the server answers at /equipe.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/equipe(\/|$)/],
        cleanupOutdatedCaches: true,
        // Push notifications: showing each push and opening its screen on a tap (src/service-worker/push-worker.ts).
        importScripts: [PUSH_WORKER_FILE],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/pdf/'),
            // Hashed names: a cached file is never out of date.
            handler: 'CacheFirst',
            options: { cacheName: 'pdf-chunks', expiration: { maxEntries: 20 } },
          },
        ],
      },
    }),
  ],
  build: {
    rollupOptions: {
      output: {
        // React's, the entry's graph ('core') and the code the signed-in start screens share (build/chunks.ts).
        manualChunks: (id, { getModuleInfo }) => chunkOf(id, getModuleInfo),
        chunkFileNames(chunk) {
          const pdfOnly = chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => PDF_MODULES.test(id));
          return pdfOnly ? 'assets/pdf/[name]-[hash].js' : 'assets/[name]-[hash].js';
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
