import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { TasksService } from './service';

export function tasksRoutes(app: FastifyInstance, tasks: TasksService): void {
  const e = endpoints.tasks;
  registerEndpoint(app, e.taskLists, ({ member, t }) => tasks.list(member, t));
  registerEndpoint(app, e.taskReward, ({ member, payload, t }) => tasks.claim(member, payload.task_id, t));
}
