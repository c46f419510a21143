import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { CommentsService } from './service';

export function commentsRoutes(app: FastifyInstance, comments: CommentsService): void {
  const e = endpoints.comments;
  registerEndpoint(app, e.commentLists, ({ member, payload }) => comments.list(member, payload));
  registerEndpoint(app, e.commentReplies, ({ member, payload }) => comments.replies(member, payload));
  registerEndpoint(app, e.postComment, ({ member, payload }) =>
    comments.comment(member, payload.post_id, payload.text),
  );
  registerEndpoint(app, e.replyComment, ({ member, payload }) =>
    comments.reply(member, payload.comment_id, payload.text),
  );
  registerEndpoint(app, e.likeComment, ({ member, payload }) =>
    comments.like(member, payload.id, payload.like),
  );
  registerEndpoint(app, e.deleteComment, ({ member, payload }) => comments.remove(member, payload.id));
  registerEndpoint(app, e.otherComments, ({ member, payload }) => comments.byUser(member, payload));
}
