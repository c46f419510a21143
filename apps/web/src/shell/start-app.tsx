import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../api/query-client';
import '../core/antd-render';
import { AppFrame } from './AppFrame';
import { makeListRowsKeyboardReachable } from './list-item-keys';

/** Renders the app: the frame (routed by the hash, `hash-router.tsx`), with the shared query cache. */
export function startApp(): void {
  // Popups render outside #root, in the body: watch all of it.
  makeListRowsKeyboardReachable(document.body);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppFrame />
      </QueryClientProvider>
    </StrictMode>,
  );
}
