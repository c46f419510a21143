import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { PropsService } from './service';

export function propsRoutes(app: FastifyInstance, props: PropsService): void {
  const api = endpoints.props;
  registerEndpoint(app, api.propLists, ({ t }) => props.list(t));
  registerEndpoint(app, api.buyProp, ({ member, payload, t }) => props.buy(member, payload, t));
  registerEndpoint(app, api.userProps, ({ member, t }) => props.inventory(member, t));
  registerEndpoint(app, api.useProp, ({ member, payload }) => props.use(member, payload));
  registerEndpoint(app, api.postsProp, ({ member, payload }) => props.onPost(member, payload));
}
