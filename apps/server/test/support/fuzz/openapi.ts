/** The parts of a JSON Schema (as @fastify/swagger publishes zod schemas) the fuzzer reads. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
}

export interface Operation {
  method: 'GET' | 'POST';
  url: string;
  /** Which service answers: the main API, the game service or the upload host. */
  base: 'api' | 'game-api' | 'upload';
  /** Whether the document says it takes a bearer token (members-only or members-aware). */
  secured: boolean;
  /** Where the payload goes: a JSON body for POST, the query string for GET. */
  payloadIn: 'body' | 'query';
  /** The payload as one object schema (query parameters gathered into one). */
  payload: Schema & { properties: Record<string, Schema>; required: string[] };
}

interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the published document, in the document's order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [url, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST')
        throw new Error(`${upper} ${url}: a method the fuzzer does not know`);
      const base = url.split('/')[1];
      if (base !== 'api' && base !== 'game-api' && base !== 'upload')
        throw new Error(`${url}: an unknown base`);
      operations.push({
        method: upper,
        url,
        base,
        secured: (operation.security?.length ?? 0) > 0,
        payloadIn: upper === 'POST' ? 'body' : 'query',
        payload: upper === 'POST' ? bodySchema(operation) : querySchema(operation),
      });
    }
  }
  return operations;
}

function bodySchema(operation: OpenApiOperation): Operation['payload'] {
  const schema = operation.requestBody?.content?.['application/json']?.schema ?? {};
  return { ...schema, properties: schema.properties ?? {}, required: schema.required ?? [] };
}

function querySchema(operation: OpenApiOperation): Operation['payload'] {
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  };
}
