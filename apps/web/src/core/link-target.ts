/**
 * Where a banner's or an announcement's link leads inside the app: http(s) addresses open in
 * /webview (docs/product/posts-and-feeds.md#home-tabs), app routes ("#/post/1", "/post/1") are navigated to, anything else
 * (javascript:, mailto: …) leads nowhere.
 */
export function linkTarget(link: string, title = ''): string | null {
  const text = link.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    const params = new URLSearchParams({ url: text });
    if (title) params.set('title', title);
    return `/webview?${params.toString()}`;
  }
  const route = text.startsWith('#') ? text.slice(1) : text;
  if (route.startsWith('/') && !route.startsWith('//')) return route;
  return null;
}
