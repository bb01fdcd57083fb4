import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Not react-router/dom's variant: that one only adds flushSync navigations, which the app does not
// use, and under Vitest it loads a second copy of the router, so the tests could not render the same tree.
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
