import { QueryClientProvider } from '@tanstack/react-query';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { AppFrame } from './app/AppFrame';
import { adoptProviderCallback } from './auth/pending';
import i18n from './i18n';
import { usePreferences } from './state/preferences';
import './theme/theme.css';
import './theme/global.css';

// antd-mobile's imperative Toast and Dialog render nothing on React 19 without a createRoot renderer.
unstableSetRender((node, container) => {
  const host = container as Element & { __root?: Root };
  host.__root ??= createRoot(container);
  host.__root.render(node);
  return async () => {
    await Promise.resolve();
    host.__root?.unmount();
    delete host.__root;
  };
});

// Translate from the first paint: the persisted locale is read before React starts.
void i18n.changeLanguage(usePreferences.getState().locale.value);

// A provider's answer to a third-party sign-in arrives as /?code=…; the hash router must see it.
adoptProviderCallback();
const router = createHashRouter([{ path: '*', element: <AppFrame /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// The offline app's service worker registers once the first screen has loaded, so it adds
// nothing to it; development and tests run without one.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener(
    'load',
    () => void import('./app/service-worker').then(({ startServiceWorker }) => startServiceWorker()),
    { once: true },
  );
}
