import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contract/http/text';
import { certificateQuery, certificateResponse, type CertificateWire } from '../../../contract/http/fidelity';
import { idSchema } from '../../../contract/http/names';
import {
  attributesResponse,
  exportQuery,
  groupsResponse,
  minimalQuery,
  restoreVersionResponse,
  versionDetailSchema,
  versionElementResponse,
} from '../../../contract/http/versions';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import type { StoredResults } from '../capability';
import { signedInUser } from '../../plugins/auth';
import { causeOf, realtimeEvent } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { modelAddedData } from './changeSummary';
import { createVersionsService } from './service';

const modelParams = z.object({ id: idSchema });
const versionParams = z.object({ id: idSchema, versionId: idSchema });
const elementParams = versionParams.extend({ elementId: text().min(1).max(1000) });

/** `keys=a,b` → ['a', 'b'], blanks and repeats dropped. */
function keyList(keys: string | undefined): string[] {
  if (!keys) return [];
  return [
    ...new Set(
      keys
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key !== ''),
    ),
  ];
}

/** RFC 6266: a plain ASCII name for every client, and the exact UTF-8 one for those that read filename*. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The version data routes: one version, its geometry, groups, attributes, export and restore (in /api). */
export function registerVersionsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { derived: DerivedCache; storedResults: StoredResults },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createVersionsService(context, deps);

  routes.get(
    '/models/:id/versions/:versionId',
    { schema: { params: versionParams, response: { 200: versionDetailSchema } } },
    async (request) => service.detail(signedInUser(request).id, request.params.id, request.params.versionId),
  );

  // No response schema: the answer is JSON text (often from the cache), and validating 100k elements would cost
  // more than building them. minimal.ts builds the contract's shape (minimalModelResponse); the versions tests
  // parse every answer with it.
  routes.get(
    '/models/:id/data/versions/:versionId/minimal',
    { schema: { params: versionParams, querystring: minimalQuery } },
    async (request, reply) => {
      const minimal = await service.minimal(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
        {
          keys: keyList(request.query.keys),
          specificAttributesOnly: request.query.specificAttributesOnly,
        },
      );
      return reply.type('application/json; charset=utf-8').send(minimal);
    },
  );

  // No response schema, like minimal: the answer is cached JSON text of 100k-element columns. scene.ts builds
  // the contract's shape (versionSceneResponse); the versions tests parse every answer with it.
  routes.get(
    '/models/:id/data/versions/:versionId/scene',
    { schema: { params: versionParams } },
    async (request, reply) => {
      const scene = await service.scene(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
      );
      return reply.type('application/json; charset=utf-8').send(scene);
    },
  );

  // issue #9: the IFC products the reader approximated or dropped, as glTF binary for the viewer's context layer.
  // A version without any (every ETABS and SAP2000 upload) is 204, not 404: the viewer asks for every version, and
  // a 404 was logged and counted as an error in usage analytics each time (issue #23).
  routes.get(
    '/models/:id/data/versions/:versionId/context',
    { schema: { params: versionParams } },
    async (request, reply) => {
      const glb = await service.contextGeometry(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
      );
      if (glb === null) return reply.code(204).send();
      return reply.type('model/gltf-binary').send(glb);
    },
  );

  routes.get(
    '/models/:id/data/versions/:versionId/elements/:elementId',
    { schema: { params: elementParams, response: { 200: versionElementResponse } } },
    async (request) =>
      service.element(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
        request.params.elementId,
      ),
  );

  routes.get(
    '/models/:id/data/versions/:versionId/groups',
    { schema: { params: versionParams, response: { 200: groupsResponse } } },
    async (request) => service.groups(signedInUser(request).id, request.params.id, request.params.versionId),
  );

  routes.get(
    '/models/:id/data/attributes',
    { schema: { params: modelParams, response: { 200: attributesResponse } } },
    async (request) => service.attributes(signedInUser(request).id, request.params.id),
  );

  routes.get(
    '/models/:id/data/versions/:versionId/export',
    { schema: { params: versionParams, querystring: exportQuery } },
    async (request, reply) => {
      const file = await service.export(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
        request.query.format,
      );
      return reply
        .type('application/octet-stream')
        .header('content-disposition', attachment(file.fileName))
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );

  // issue #20: what an export keeps, approximates and loses, checked by reading the written file back.
  routes.get(
    '/models/:id/data/versions/:versionId/certificate',
    {
      schema: {
        params: versionParams,
        querystring: certificateQuery,
        response: { 200: certificateResponse },
      },
    },
    async (request) => {
      const json = await service.certificate(
        signedInUser(request).id,
        request.params.id,
        request.params.versionId,
        request.query.format,
      );
      return JSON.parse(json) as CertificateWire;
    },
  );

  routes.post(
    '/models/:id/versions/:versionId/restore',
    { schema: { params: versionParams, response: { 201: restoreVersionResponse } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const version = await service.restore(user.id, request.params.id, request.params.versionId);
      // A restore is a new version like an upload's: the model's readers hear of it the same way, once its
      // change summary is computed (after the answer: on a large model the diff takes a while).
      const cause = causeOf(request);
      const made = { modelId: request.params.id, versionId: version.ID, newModel: false };
      void modelAddedData(context.db, made, request.log).then((added) => {
        if (!added) return;
        return (context.realtime ?? noRealtime).emitToModel(
          request.params.id,
          realtimeEvent('ModelAdded', added, cause),
        );
      });
      return reply.code(201).send(version);
    },
  );
}
