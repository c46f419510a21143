import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  CLIENT_VERSION,
  type EndpointDef,
  endpoints,
  endpointUrl,
  envelopeSchema,
} from '@pixelhall/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;

interface Operation {
  requestBody?: { required?: boolean; content: Record<string, { schema?: Json }> };
  parameters?: unknown[];
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}

interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * What every call may answer before its handler runs, as the error handler and the socket's
 * answers write it (docs/internals/contract.md#contract-conventions): always the envelope.
 */
const FAILURES: Record<string, { description: string; bodies: 'all' | 'with a body' }> = {
  '400': {
    description:
      'A request the server cannot read (malformed JSON or form, a URL it cannot decode); `reason` says which. A payload that is read but breaks a field rule answers 200 with code 0',
    bodies: 'all',
  },
  '413': {
    description: 'A body over the size limit (a JSON payload, the image of upload/file)',
    bodies: 'with a body',
  },
};

const FAILURE_REF = '#/components/schemas/Failure';
const failureSchema = (() => {
  const { $schema: _, ...schema } = z.toJSONSchema(envelopeSchema(z.null()), { io: 'output' }) as Json;
  return schema;
})();

const contract = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);

/**
 * The body of a multipart endpoint (upload/file): its file fields as binary parts and its
 * payload's fields as text parts, as `endpoint().multipart` declares them.
 */
function multipartBody(def: EndpointDef & { multipart: Readonly<Record<string, string>> }) {
  const payload = z.toJSONSchema(def.payload, { io: 'input' }) as Json & {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const files = Object.fromEntries(
    Object.entries(def.multipart).map(([name, description]) => [
      name,
      { type: 'string', format: 'binary', description },
    ]),
  );
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...files, ...payload.properties },
          required: [...Object.keys(files), ...(payload.required ?? [])],
        },
      },
    },
  };
}

/**
 * A body is required only where a call without one cannot succeed: the server reads a POST
 * without a body as an empty payload, so one whose fields are all optional needs none.
 */
function bodyRequired(body: NonNullable<Operation['requestBody']>): boolean {
  const schema = body.content['application/json']?.schema as { required?: string[] } | undefined;
  return (schema?.required?.length ?? 0) > 0;
}

/** The document as the routes produce it, completed with what the routes' schemas cannot say. */
function completed(document: Document): Document {
  const multipart = new Map(
    contract.flatMap((def) =>
      def.multipart ? [[endpointUrl(def), multipartBody({ ...def, multipart: def.multipart })] as const] : [],
    ),
  );
  const paths: Document['paths'] = {};
  for (const [url, byMethod] of Object.entries(document.paths ?? {})) {
    paths[url] = {};
    for (const [method, operation] of Object.entries(byMethod)) {
      const withBody = method === 'post';
      const requestBody =
        (withBody && multipart.get(url)) ||
        (operation.requestBody && {
          ...operation.requestBody,
          required: bodyRequired(operation.requestBody),
        });
      const failures = Object.entries(FAILURES).filter(([, f]) => withBody || f.bodies === 'all');
      paths[url][method] = {
        ...operation,
        ...(requestBody ? { requestBody } : {}),
        responses: {
          ...operation.responses,
          ...Object.fromEntries(
            failures.map(([status, f]) => [
              status,
              {
                description: f.description,
                content: { 'application/json': { schema: { $ref: FAILURE_REF } } },
              },
            ]),
          ),
        },
      };
    }
  }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Failure: failureSchema },
    },
    paths,
  };
}

/** @fastify/swagger's options: the document at /api/openapi.json, generated from the contract. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Pixelhall API',
        version: CLIENT_VERSION,
        description:
          'Every call answers { code, msg, data }. Main API codes: 1 success, 0 fail, 10001 expired, 1003 not enough gold. Game service: 1, 0, 1001 expired. A call whose security lists {} also serves visitors: a bearer token only personalises it.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? completed(document.openapiObject as Document) : document.swaggerObject,
  };
}
