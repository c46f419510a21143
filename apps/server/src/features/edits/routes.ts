import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { EditsService } from './service';

export function editsRoutes(app: FastifyInstance, edits: EditsService): void {
  const e = endpoints.edits;
  registerEndpoint(app, e.editPost, ({ member, payload }) => edits.editPost(member, payload));
  registerEndpoint(app, e.editComment, ({ member, payload }) => edits.editComment(member, payload));
  registerEndpoint(app, e.postHistory, ({ member, payload }) =>
    edits.postHistory(member, payload.id, payload.adult_confirmed),
  );
  registerEndpoint(app, e.commentHistory, ({ member, payload }) =>
    edits.commentHistory(member, payload.id, payload.adult_confirmed),
  );
}
