import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target';

describe('linkTarget', () => {
  it('opens web addresses in the webview, with the title', () => {
    expect(linkTarget('https://example.com/a?b=1', 'News')).toBe(
      '/webview?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&title=News',
    );
    expect(linkTarget('HTTP://example.com')).toBe('/webview?url=HTTP%3A%2F%2Fexample.com');
  });

  it('navigates to app routes written with or without the hash', () => {
    expect(linkTarget('#/post/12')).toBe('/post/12');
    expect(linkTarget('/topic/3')).toBe('/topic/3');
  });

  it('leads nowhere for empty, protocol-relative and script links', () => {
    expect(linkTarget('')).toBeNull();
    expect(linkTarget('//evil.example/x')).toBeNull();
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget('mailto:a@b.co')).toBeNull();
  });
});
