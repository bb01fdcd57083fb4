import { createBrowserRouter, type RouteObject } from 'react-router';
import { ConsoleLayout } from './console-layout';

export const routes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
  {
    path: '/',
    Component: ConsoleLayout,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('../features/roster/roster-page')).RosterPage }) },
      { path: 'clientes/:id/plano', lazy: async () => ({ Component: (await import('../features/plan-editor/plan-editor-page')).PlanEditorPage }) },
      { path: 'mensagens', lazy: async () => ({ Component: (await import('../features/inbox/inbox-page')).InboxPage }) },
      { path: 'clientes/novo', lazy: async () => ({ Component: (await import('../features/roster/new-client-page')).NewClientPage }) },
      {
        path: 'clientes/:id',
        lazy: async () => ({ Component: (await import('../features/client/client-page')).ClientPage }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/client/conversation-tab')).ConversationTab }) },
          { path: 'treinos', lazy: async () => ({ Component: (await import('../features/client/sessions-tab')).SessionsTab }) },
          { path: 'avaliacoes', lazy: async () => ({ Component: (await import('../features/client/evaluations-tab')).EvaluationsTab }) },
          { path: 'planos', lazy: async () => ({ Component: (await import('../features/plan-editor/plans-tab')).PlansTab }) },
          { path: 'planos/:avaliacaoId', lazy: async () => ({ Component: (await import('../features/plan-editor/plan-page')).PlanPage }) },
        ],
      },
      { path: 'atividades', lazy: async () => ({ Component: (await import('../features/activities/activities-page')).ActivitiesPage }) },
      { path: 'membros', lazy: async () => ({ Component: (await import('../features/accounts/staff-page')).StaffPage }) },
      { path: 'verificacao', lazy: async () => ({ Component: (await import('../features/second-factor/second-factor-page')).SecondFactorPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
    ],
  },
];

/** The console lives under /equipe on the server's origin (DECISIONS.md §5). */
export const createRouter = () => createBrowserRouter(routes, { basename: import.meta.env.BASE_URL.replace(/\/$/, '') });
