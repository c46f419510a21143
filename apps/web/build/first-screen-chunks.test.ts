import { describe, expect, it } from 'vitest';
import { firstScreenParts } from './first-screen-chunks';

const SOURCES: Record<string, string> = {
  '/w/src/main.tsx': "import { DEFAULT_LOCALE } from '@pixelhall/contract';",
  '/w/src/shell/boot.ts': "import { i18n } from 'i18next';",
  '/w/src/shell/start-app.tsx':
    "import { Button, type Toast } from 'antd-mobile';\nimport { AddOutline } from 'antd-mobile-icons';",
  '/w/src/screens/home/HomeScreen.tsx':
    "import { Tabs } from 'antd-mobile';\nimport { endpoints } from '@pixelhall/contract';",
  '/n/antd-mobile/es/index.js':
    "import './global';\nexport { default as Button } from './components/button';\nexport { default as Tabs } from './components/tabs';\nexport { default as Toast } from './components/toast';",
  '/n/antd-mobile-icons/es/index.js':
    "export { default as AddOutline } from './AddOutline.js';\nexport { default as AaOutline } from './AaOutline.js';",
  '/c/contract/src/index.ts': "export * from './constants';\nexport * from './api/endpoints';",
};

const IMPORTS: Record<string, string[]> = {
  '/w/src/main.tsx': ['/c/contract/src/index.ts', '/w/src/shell/start-app.tsx'],
  '/w/src/shell/boot.ts': ['/n/i18next/index.js', '/c/contract/src/index.ts'],
  '/w/src/shell/start-app.tsx': ['/n/antd-mobile/es/index.js', '/n/antd-mobile-icons/es/index.js'],
  '/w/src/screens/home/HomeScreen.tsx': ['/n/antd-mobile/es/index.js', '/c/contract/src/index.ts'],
  '/n/antd-mobile/es/index.js': [
    '/n/antd-mobile/es/global/index.js',
    '/n/antd-mobile/es/components/button/index.js',
    '/n/antd-mobile/es/components/tabs/index.js',
    '/n/antd-mobile/es/components/toast/index.js',
  ],
  '/n/antd-mobile/es/components/tabs/index.js': ['/n/react-spring/index.js'],
  '/n/antd-mobile-icons/es/index.js': [
    '/n/antd-mobile-icons/es/AddOutline.js',
    '/n/antd-mobile-icons/es/AaOutline.js',
  ],
  '/c/contract/src/index.ts': ['/c/contract/src/constants.ts', '/c/contract/src/api/endpoints.ts'],
  '/c/contract/src/api/endpoints.ts': ['/n/zod/index.js'],
};

const EXPORTS: Record<string, string[]> = {
  '/c/contract/src/constants.ts': ['DEFAULT_LOCALE'],
  '/c/contract/src/api/endpoints.ts': ['endpoints'],
};

const ids = [
  ...new Set([...Object.keys(IMPORTS), ...Object.values(IMPORTS).flat(), ...Object.keys(SOURCES)]),
];
// main.tsx imports start-app dynamically in the app; here a static edge checks that the entry's
// part wins a module both reach.
const parts = (imports = IMPORTS) =>
  firstScreenParts(
    ids,
    (id) => ({ importedIds: imports[id] ?? [], exports: EXPORTS[id] ?? [] }),
    (id) => SOURCES[id] ?? '',
  );

describe('firstScreenParts', () => {
  const staticEntry = parts({ ...IMPORTS, '/w/src/main.tsx': ['/c/contract/src/index.ts'] });

  it('takes from a barrel only the modules behind the names imported, and its side effects', () => {
    expect(staticEntry.get('/n/antd-mobile/es/components/button/index.js')).toBe('app');
    expect(staticEntry.get('/n/antd-mobile-icons/es/AddOutline.js')).toBe('app');
    expect(staticEntry.get('/n/antd-mobile/es/global/index.js')).toBe('app');
    expect(staticEntry.has('/n/antd-mobile/es/components/toast/index.js')).toBe(false);
    expect(staticEntry.has('/n/antd-mobile-icons/es/AaOutline.js')).toBe(false);
  });

  it("puts each module in the first part that reaches it, Home's own in home", () => {
    expect(staticEntry.get('/c/contract/src/constants.ts')).toBe('entry');
    expect(staticEntry.get('/n/antd-mobile/es/components/tabs/index.js')).toBe('home');
    expect(staticEntry.get('/n/react-spring/index.js')).toBe('home');
    expect(parts().get('/n/antd-mobile/es/components/button/index.js')).toBe('entry');
  });

  it("keeps the boot's own modules out of the entry", () => {
    expect(staticEntry.get('/n/i18next/index.js')).toBe('boot');
    expect(staticEntry.get('/c/contract/src/index.ts')).toBeUndefined();
  });

  it('leaves zod and the contract schemas to the bundler', () => {
    expect(staticEntry.has('/c/contract/src/api/endpoints.ts')).toBe(false);
    expect(staticEntry.has('/n/zod/index.js')).toBe(false);
  });
});
