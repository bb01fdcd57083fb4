// Plain data, without React: vite.config.ts reads it too (the 'start' chunk), as do the build's start script and prerender.tsx.

/**
 * The signed-in screens a client opens the app on, each with the sources of the modules its route
 * loads first (router.tsx's lazy routes: the signed-in layout's, then the screen's; and the saved
 * query cache's, which every signed-in loader awaits first: create-app.tsx). On a signed-in
 * device index.html's start script preloads their chunks beside the app's entry, rather than after it
 * has run. A screen that is not listed loads as before.
 */
export const SIGNED_IN_START_SCREENS = {
  layout: [
    'src/features/session/session-layout.tsx',
    'src/features/workouts/training/rest/rest-timer.tsx',
    'src/features/workouts/training/components/bottom-bars.tsx',
    'src/features/messages/api/messages.ts',
    'src/features/messages/api/message-stream.ts',
    'src/lib/query-persistence.ts',
  ],
  screens: [
    { path: /^\/$/, modules: ['src/features/home/home-page.tsx', 'src/features/water/water-card.tsx'] },
    { path: /^\/workout\/\d+$/, modules: ['src/features/workouts/workout-page.tsx'] },
    { path: /^\/diet\/\d+$/, modules: ['src/features/diets/diet-page.tsx'] },
  ],
} as const;
