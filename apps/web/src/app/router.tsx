import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RootErrorPage } from '../features/errors/root-error-page';
import { awaitFirstScreenReads, restoredQueryClient } from '../lib/route-context';
import { getClientQueryOptions } from '../lib/session/client';
import { homeParts, readFromHome } from '../lib/session/home';
import { isLoggedIn } from '../lib/session/tokens';
import { getToken, STORAGE_KEYS, type TokenKey } from '../lib/storage';
import { PublicLayout } from './public-layout';

// Guards run as loaders, so a screen never renders, not even for a frame, for someone who may not see it.
// The signed-in area also waits for the saved plan, so its screens open on it even offline.
async function requireLogin({ context }: LoaderFunctionArgs) {
  if (!isLoggedIn()) return redirect('/login');
  const queryClient = await restoredQueryClient(context);
  // The header greets the client by name.
  // Started on every visit, awaited on the first screen only; a failed read shows on the screen.
  const reads = readFromHome(queryClient, getClientQueryOptions(), homeParts.client).catch(() => undefined);
  await awaitFirstScreenReads(() => reads);
  return null;
}

function redirectHomeWhenLoggedIn() {
  return isLoggedIn() ? redirect('/') : null;
}

function requireStoredToken(key: TokenKey) {
  return () => (getToken(key) ? null : redirect('/login'));
}

function RouteFallback() {
  return <div aria-busy="true" className="min-h-dvh bg-background" />;
}

export const routes: RouteObject[] = [
  {
    // Rendered on any render failure below; deliberately not lazy, so it shows even when a chunk fails to load.
    errorElement: <RootErrorPage />,
    HydrateFallback: RouteFallback,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            // Ids name the routes whose loaders a prerendered screen's hydration counts as run (main.tsx).
            id: 'login',
            path: 'login',
            loader: redirectHomeWhenLoggedIn,
            lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
          },
          {
            id: 'reset-password-email',
            path: 'reset-password-email',
            loader: redirectHomeWhenLoggedIn,
            lazy: async () => ({
              Component: (await import('../features/auth/reset-password-email-page')).ResetPasswordEmailPage,
            }),
          },
          {
            path: 'reset-password-fallback',
            lazy: async () => {
              const page = await import('../features/auth/reset-password-fallback-page');
              return { loader: page.resetPasswordFallbackLoader, Component: page.ResetPasswordFallbackPage };
            },
          },
          {
            path: 'reset-password',
            loader: requireStoredToken(STORAGE_KEYS.forgotPasswordToken),
            lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }),
          },
          {
            path: 'first-access',
            loader: requireStoredToken(STORAGE_KEYS.firstAccessToken),
            lazy: async () => ({ Component: (await import('../features/auth/first-access-page')).FirstAccessPage }),
          },
          {
            path: 'error',
            lazy: async () => ({ Component: (await import('../features/errors/error-page')).ErrorPage }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../features/errors/not-found-page')).NotFoundPage }),
          },
        ],
      },
      {
        path: '/',
        loader: requireLogin,
        lazy: async () => {
          // One rest timer for every signed-in screen: a rest started on a workout follows the client.
          // The Chat tab's badge counts the team's messages not read yet (features/messages), kept
          // live on every screen by the conversation's stream.
          const [{ SessionLayout }, { RestTimerProvider }, { BottomBars, useFocusMode }, { useUnreadMessages }, { useMessageStream }] = await Promise.all([
            import('../features/session/session-layout'),
            import('../features/workouts/training/rest/rest-timer'),
            import('../features/workouts/training/components/bottom-bars'),
            import('../features/messages/api/messages'),
            import('../features/messages/api/message-stream'),
          ]);
          return {
            Component: function SignedInLayout() {
              useMessageStream();
              const unreadMessages = useUnreadMessages();
              const focusMode = useFocusMode();
              return (
                <RestTimerProvider>
                  <SessionLayout bottomBars={<BottomBars />} unreadMessages={unreadMessages} focusMode={focusMode} />
                </RestTimerProvider>
              );
            },
          };
        },
        children: [
          {
            index: true,
            lazy: async () => {
              // Routes compose features: home places the water card without importing it.
              const [{ homeLoader, HomePage }, { WaterCard }] = await Promise.all([
                import('../features/home/home-page'),
                import('../features/water/water-card'),
              ]);
              return { loader: homeLoader, Component: () => <HomePage waterCard={<WaterCard />} /> };
            },
          },
          {
            path: 'chat',
            lazy: async () => ({ Component: (await import('../features/messages/chat-page')).ChatPage }),
          },
          {
            path: 'chat/email',
            lazy: async () => ({ Component: (await import('../features/messages/chat-email-page')).ChatEmailPage }),
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }),
          },
          {
            path: 'profile/notificacoes',
            lazy: async () => ({ Component: (await import('../features/notifications/notifications-page')).NotificationsPage }),
          },
          {
            // Reached from Perfil and from the home's week strip, so no tab is marked on it.
            path: 'historico',
            lazy: async () => ({ Component: (await import('../features/history/history-page')).HistoryPage }),
          },
          {
            path: 'supplements',
            lazy: async () => ({ Component: (await import('../features/content/supplements-page')).SupplementsPage }),
          },
          {
            path: 'faq',
            lazy: async () => ({ Component: (await import('../features/content/faq-page')).FaqPage }),
          },
          {
            path: 'mobility',
            lazy: async () => ({ Component: (await import('../features/content/mobility-page')).MobilityPage }),
          },
          {
            path: 'exercise-methods',
            lazy: async () => ({
              Component: (await import('../features/content/exercise-methods-page')).ExerciseMethodsPage,
            }),
          },
          {
            path: 'workout/:id',
            lazy: async () => {
              const page = await import('../features/workouts/workout-page');
              return { loader: page.workoutLoader, shouldRevalidate: page.workoutShouldRevalidate, Component: page.WorkoutPage };
            },
          },
          {
            path: 'diet/:id',
            lazy: async () => {
              const page = await import('../features/diets/diet-page');
              return { loader: page.dietLoader, Component: page.DietPage };
            },
          },
          {
            path: 'application-error',
            lazy: async () => {
              // Routes compose features: the error block (errors) above the error-report form (messages).
              const [{ ApplicationErrorPage }, { FeedbackScreen }] = await Promise.all([
                import('../features/errors/application-error-page'),
                import('../features/messages/feedback-screen'),
              ]);
              return { Component: () => <ApplicationErrorPage feedback={<FeedbackScreen />} /> };
            },
          },
        ],
      },
    ],
  },
];
