import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { queryClient } from '../api/query-client';
import '../ui/antd-render';
import { AppFrame } from './AppFrame';

/** Renders the app: the frame under the hash router, with the shared query cache. */
export function startApp(): void {
  const router = createHashRouter([{ path: '*', element: <AppFrame /> }]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
