import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile's imperative Toast, Dialog and Modal render nothing on React 19 without a
// createRoot renderer.
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
