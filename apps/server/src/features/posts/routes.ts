import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import { productText } from '../../product-text';
import type { AnnouncementsService } from './announcements';
import type { FeedsService } from './feeds';
import type { PostsService } from './service';
import type { UnlockService } from './unlock';

const SHARES_PER_MINUTE = 30;

/** Where the app that sent the request lives (the browser says so; else the address it used). */
function originOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

export function postsRoutes(
  app: FastifyInstance,
  {
    posts,
    feeds,
    announcements,
  }: { posts: PostsService; feeds: FeedsService; announcements: AnnouncementsService },
): void {
  const api = endpoints.posts;
  registerEndpoint(app, api.createPost, ({ member, payload }) => posts.create(member, payload));
  registerEndpoint(app, api.postDetail, ({ member, payload }) =>
    posts.detail(member, payload.id, payload.adult_confirmed),
  );
  registerEndpoint(app, api.deletePost, ({ member, payload }) => posts.remove(member, payload.id));
  registerEndpoint(app, api.likePost, ({ member, payload }) => posts.like(member, payload.id, payload.like));
  registerEndpoint(
    app,
    api.sharePost,
    ({ member, payload, request }) =>
      posts.share(member, payload.id, originOf(request), payload.adult_confirmed),
    // Anyone may share, visitors too: the limit keeps the count (and the hot score) honest.
    { rateLimit: { max: SHARES_PER_MINUTE, timeWindow: '1 minute' } },
  );
  registerEndpoint(app, api.report, ({ member, payload }) => posts.report(member, payload));
  registerEndpoint(app, api.colorLists, async () => posts.palette());
  registerEndpoint(app, api.setPost, ({ member, payload }) => posts.restyle(member, payload.id, payload));
  registerEndpoint(app, api.bannerLists, ({ request }) => announcements.banners(productText(request.locale)));
  registerEndpoint(app, api.popUp, ({ request }) => announcements.popup(productText(request.locale)));
  registerEndpoint(app, api.homePosts, ({ member, payload }) => feeds.newest(member, payload));
  registerEndpoint(app, api.homeFeeds, ({ member, payload }) => feeds.popular(member, payload));
  registerEndpoint(app, api.postsList, ({ member, payload }) => feeds.list(member, payload));
  registerEndpoint(app, api.recommendPosts, ({ member, payload }) => feeds.recommend(member, payload));
  registerEndpoint(app, api.userPosts, ({ member, payload }) => feeds.ofUser(member, payload));
}

/** pay/link: buying the sight of a paid post (the price moves through the wallet's ledger). */
export function unlockRoutes(app: FastifyInstance, unlocks: UnlockService): void {
  registerEndpoint(app, endpoints.posts.payLink, ({ member, payload }) =>
    unlocks.unlock(member, payload.id, payload.adult_confirmed),
  );
}
