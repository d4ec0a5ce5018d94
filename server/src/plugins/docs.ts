import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the shared contract: UI at /api/docs, JSON at /api/docs/json. */
export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Casino PH API',
          version: '1.0.0',
          description: [
            'Every body is an envelope `{ success, code, msg, data }`. Business and validation failures answer',
            'HTTP 200 with `success: false`, a stable `code` and a readable `msg`; transport faults keep their',
            'HTTP status (400, 404, 413, 500) with an envelope body. Money is pesos with at most two decimals.',
            'Mutating `/api` calls need the header `requestFrom: H5` (or `APP_H5`); `language: vi-VN` translates `msg`.',
            'The session is the httpOnly `sid` cookie set by login or register. `/ops` needs `Authorization: Bearer <ADMIN_TOKEN>`.',
          ].join(' '),
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
            adminToken: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
