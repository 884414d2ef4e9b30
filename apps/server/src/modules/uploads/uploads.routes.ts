import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UPLOAD_PATH, type UploadsService } from './uploads.service.ts';

/**
 * `GET /api/uploads/:id?exp&sig`: an uploaded image by its signed, expiring address (so an <img> can
 * show it without the session token). Served as an image that nothing may run or frame.
 */
export function uploadsRoutes(app: FastifyInstance, uploads: UploadsService): void {
  app.get(
    `${UPLOAD_PATH}/:id`,
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(20) }),
        querystring: z.object({ exp: z.string().max(12).default(''), sig: z.string().max(64).default('') }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { exp, sig } = request.query as { exp: string; sig: string };
      const image = await uploads.open(id, exp, sig);
      if (!image)
        return reply
          .status(404)
          .send({ success: false, code: 'NOT_FOUND', message: 'No such image, or its address expired.' });
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
}
