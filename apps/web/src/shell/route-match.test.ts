import { describe, expect, it } from 'vitest';
import { hasRouteIds, loginPathFor, matchPath } from '../core/route-match';
import { matchAppRoute as matchRoute, ROUTES } from './routes';

const SPEC_LOGIN_ME = [
  'archives/cloud',
  'archives/cloud/slot',
  'achievement',
  'upvoted',
  'task',
  'recent',
  'posts',
  'news',
  'grade',
  'feedback',
  'favorite',
  'comment',
  'blacklist',
];
const SPEC_OPEN_ME = [
  'achievement/details',
  'setting',
  'setting/game',
  'setting/accountandsecurity',
  'archives',
  'archives/slot',
  'game',
  'about',
];
/** Members-only pages the feature issues added to the product's routes (bets, wallet, props shop, rewards history, deleting the account, mute, moderation notices; docs/product/app-shell-and-settings.md#routes). */
const ADDED_LOGIN_ME = [
  'bets',
  'wallet',
  'props',
  'rewards',
  'setting/accountandsecurity/delete',
  'mute',
  'moderation',
];
/** Open pages added beyond the table: the open-source licences, reached from About. */
const ADDED_OPEN_ME = ['about/licences'];
/** Pages of features added since, outside /me (`npm run new:feature` adds each one here). */
const ADDED_OTHER: string[] = ['/mod', '/modlog'];
const SPEC_OTHER = [
  '/',
  '/home',
  '/home/search',
  '/game',
  '/game/topic',
  '/game/search',
  '/game/recent',
  '/game/more',
  '/game/download',
  '/game/components/topics',
  '/game/components/recommend',
  '/game/components/classification',
  '/classify',
  '/post/:id',
  '/rom/:id',
  '/topic/:id',
  '/user/:id',
  '/note',
  '/note/topic',
  '/me',
  '/user/edit',
  '/user/edit/nickname',
  '/user/edit/signature',
  '/user/followed',
  '/user/beingfollowed',
  '/webview',
  '/login',
  '/demo',
  '/auth/third',
  '/auth/secondstep',
  '/auth/retrievepassword',
  '/auth/reset',
  '/auth/register',
  '/auth/activedetail',
  '*',
];

describe('the route table', () => {
  it('holds every route of the product once, with unique names', () => {
    const paths = ROUTES.map((r) => r.path);
    const expected = [
      ...SPEC_OTHER,
      ...ADDED_OTHER,
      ...[...SPEC_LOGIN_ME, ...SPEC_OPEN_ME, ...ADDED_LOGIN_ME, ...ADDED_OPEN_ME].map((p) => `/me/${p}`),
    ];
    expect([...paths].sort()).toEqual([...expected].sort());
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
  });

  it('marks the members-only me pages, and only those of the me pages', () => {
    for (const p of [...SPEC_LOGIN_ME, ...ADDED_LOGIN_ME])
      expect(matchRoute(`/me/${p}`).route.login, p).toBe(true);
    for (const p of [...SPEC_OPEN_ME, ...ADDED_OPEN_ME])
      expect(matchRoute(`/me/${p}`).route.login, p).toBeFalsy();
  });

  it('carries the flags of the product routes', () => {
    const home = matchRoute('/home').route;
    expect(home).toMatchObject({ keepAlive: true, showMine: true, showTabBar: true, tabBar: true });
    expect(matchRoute('/me').route).toMatchObject({
      hideStatusBar: true,
      statusBarTheme: 'dark',
      tabBar: true,
    });
    expect(matchRoute('/user/7').route).toMatchObject({
      name: 'user-id',
      hideStatusBar: true,
      statusBarTheme: 'dark',
    });
    for (const p of ['/home/search', '/game', '/game/topic', '/classify', '/topic/3']) {
      expect(matchRoute(p).route.keepAlive, p).toBe(true);
    }
    expect(matchRoute('/post/3').route.keepAlive).toBeFalsy();
  });

  it('matches parameters, redirects / and sends the unknown to the catch-all', () => {
    expect(matchRoute('/post/42')).toMatchObject({ route: { name: 'post' }, params: { id: '42' } });
    expect(matchRoute('/').route.redirect).toBe('/home');
    expect(matchRoute('/home/nope').route.name).toBe('not-found');
    expect(matchRoute('/post').route.name).toBe('not-found');
    expect(matchRoute('/user/edit').route.name).toBe('user-edit');
    expect(matchRoute('/user/followed').route.name).toBe('user-followed');
    expect(matchRoute('/user/beingfollowed').route.name).toBe('user-beingfollowed');
  });

  it('shows the catch-all for a route that names what it shows without a usable id', () => {
    const shows = (path: string, search = '') => {
      const { route, params } = matchRoute(path);
      return hasRouteIds(route, params, search);
    };
    for (const path of ['/post/7', '/rom/7', '/topic/7', '/user/7']) {
      expect(shows(path), path).toBe(true);
      expect(shows(path.replace('7', 'abc')), path).toBe(false);
      expect(shows(path.replace('7', '0')), path).toBe(false);
      expect(shows(path.replace('7', '-7')), path).toBe(false);
      expect(shows(path.replace('7', '1.5')), path).toBe(false);
    }
    for (const path of ['/game/topic', '/me/achievement/details']) {
      expect(shows(path, '?id=3'), path).toBe(true);
      expect(shows(path), path).toBe(false);
      expect(shows(path, '?id='), path).toBe(false);
      expect(shows(path, '?id=x'), path).toBe(false);
    }
    // Screens that work without one: a member's own follow lists, the Game tab.
    for (const path of ['/user/followed', '/user/beingfollowed', '/game', '/home']) {
      expect(shows(path), path).toBe(true);
    }
  });

  it('remembers where a visitor was going', () => {
    expect(loginPathFor('/me/task', '?tab=daily')).toBe('/login?redirect=%2Fme%2Ftask%3Ftab%3Ddaily');
  });
});

describe('matchPath', () => {
  it('matches the whole path, in any case, with trailing slashes', () => {
    expect(matchPath('/home', '/home')).toEqual({});
    expect(matchPath('/home', '/HOME/')).toEqual({});
    expect(matchPath('/home', '/home/search')).toBeNull();
    expect(matchPath('/home/search', '/home')).toBeNull();
    expect(matchPath('/', '/')).toEqual({});
  });

  it('reads named segments as they are in the URL, one segment each', () => {
    expect(matchPath('/post/:id', '/post/42')).toEqual({ id: '42' });
    expect(matchPath('/post/:id', '/post/a%20b')).toEqual({ id: 'a%20b' });
    expect(matchPath('/post/:id', '/post/4/2')).toBeNull();
    expect(matchPath('/post/:id', '/post/')).toBeNull();
  });
});
