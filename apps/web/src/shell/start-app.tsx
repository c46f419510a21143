import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../api/query-client';
import '../core/antd-render';
import { firstScreenSettled } from '../core/first-screen-settled';
import { AppFrame } from './AppFrame';

/** Renders the app: the frame (routed by the hash, `hash-router.tsx`), with the shared query cache. */
export function startApp(): void {
  // Popups render outside #root, in the body: watch all of it. Home's feed has no list rows, so
  // this waits for the first screen and stays out of its code; rows already drawn are marked then.
  void firstScreenSettled(queryClient)
    .then(() => import('./list-item-keys'))
    .then(({ makeListRowsKeyboardReachable }) => makeListRowsKeyboardReachable(document.body));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppFrame />
      </QueryClientProvider>
    </StrictMode>,
  );
}
