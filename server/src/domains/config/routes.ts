import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/config';
import { route } from '../../route';
import type { ConfigService } from './service';

export function configRoutes(app: FastifyInstance, config: ConfigService) {
  const devTools = app.config.mode === 'development' && app.config.opsEnabled && app.config.testerTools;
  route(app, contract.configFetch, async ({ request }) => ({ ...(await config.config(request.lang)), devTools }));
  route(app, contract.appVersion, () => config.version());
  route(app, contract.faq, ({ request }) => config.faq(request.lang));
  route(app, contract.banners, ({ request }) => config.banners(request.lang));
  route(app, contract.notices, ({ request }) => config.notices(request.lang));
  route(app, contract.fbEvents, ({ user }) => config.fbEvents(user.id));
}
