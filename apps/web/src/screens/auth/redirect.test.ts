import { describe, expect, it } from 'vitest';
import { afterSignIn, safeRedirect } from './redirect';

describe('the redirect after signing in', () => {
  it('keeps a path inside the app, with its query', () => {
    expect(safeRedirect('/me/task?tab=daily')).toBe('/me/task?tab=daily');
    expect(afterSignIn('/post/42')).toBe('/post/42');
  });

  it('refuses other sites, however they are spelt', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/me', 'me', '', null]) {
      expect(safeRedirect(bad), String(bad)).toBeNull();
    }
  });

  it('never returns to a sign-in page, and falls back to Me', () => {
    for (const page of [
      '/login',
      '/login?redirect=%2Fme',
      '/auth/register',
      '/auth/reset?email=a',
      '/auth/third',
      '/auth/secondstep?redirect=%2Fme',
    ]) {
      expect(afterSignIn(page), page).toBe('/me');
    }
    expect(afterSignIn('/auth/activedetail')).toBe('/auth/activedetail');
    expect(afterSignIn('/loginx')).toBe('/loginx');
    expect(afterSignIn(undefined)).toBe('/me');
  });
});
