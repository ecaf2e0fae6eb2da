import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

let app: TestApp;
let document: Document;
beforeAll(async () => {
  app = await createTestApp();
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json<Document>();
});
afterAll(async () => {
  await app.teardown();
});

const operations = (): Array<[string, Operation]> =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
const operation = (method: string, path: string): Operation => {
  const found = document.paths[`/api/v1${path}`]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('the served OpenAPI document', () => {
  it('passes a real OpenAPI 3.1 validator with no errors', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers?.[0]?.url).toBe('http://kettle.test');
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = operations().map(([, op]) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      operations()
        .filter(([, op]) => !op.summary)
        .map(([name]) => name),
    ).toEqual([]);
  });

  it('declares the error envelope on every operation, and more where the shape implies it', () => {
    const errorRef = { $ref: '#/components/schemas/Error' };
    for (const [name, op] of operations()) {
      expect(op.responses['400']?.content?.['application/json']?.schema, name).toEqual(errorRef);
    }
    expect(Object.keys(operation('POST', '/posts/{id}/unlock').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '403', '404', '409']),
    );
    expect(Object.keys(operation('POST', '/auth/register').responses)).toEqual(
      expect.arrayContaining(['201', '400', '409', '422', '429']),
    );
    expect(document.components.schemas.Error).toMatchObject({ required: ['detail', 'code'] });
  });

  it('marks public operations public, optional ones optional, and the stream as ?token=', () => {
    for (const [method, path] of [
      ['POST', '/auth/login'],
      ['POST', '/auth/register'],
      ['POST', '/auth/refresh'],
      ['POST', '/auth/forgot-password'],
      ['GET', '/payments/plans'],
      ['POST', '/moderation/requests/lookup'],
    ] as const) {
      expect(operation(method, path).security, `${method} ${path}`).toEqual([]);
    }
    for (const path of ['/posts/', '/posts/{id}']) {
      expect(operation('GET', path).security).toEqual([{}, { bearer: [] }]);
    }
    expect(operation('POST', '/moderation/requests').security).toEqual([{}, { bearer: [] }]);
    expect(operation('GET', '/auth/me').security).toEqual([{ bearer: [] }]);
    expect(operation('GET', '/posts/{id}/events').security).toEqual([{ streamToken: [] }]);
    expect(document.components.securitySchemes.streamToken).toMatchObject({ in: 'query', name: 'token' });
  });

  it('documents the bodies the routes really take', () => {
    for (const path of ['/posts/', '/posts/reversal']) {
      const content = operation('POST', path).requestBody?.content ?? {};
      expect(Object.keys(content).sort(), path).toEqual(['application/json', 'multipart/form-data']);
      expect(content['multipart/form-data']).toMatchObject({
        schema: { properties: { images: { type: 'array', items: { format: 'binary' } } } },
      });
    }
    expect(Object.keys(operation('POST', '/auth/login').requestBody?.content ?? {})).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
    expect(operation('POST', '/auth/register').requestBody?.content).toMatchObject({
      'application/json': { schema: { properties: { email: { format: 'email' } } } },
    });
  });

  it('declares no body on a 204 and null among a nullable enum', () => {
    const noContent = operations().filter(([, op]) => op.responses['204']);
    expect(noContent.length).toBeGreaterThan(0);
    for (const [name, op] of noContent) expect(op.responses['204']?.content, name).toBeUndefined();
    const detail = JSON.stringify(operation('GET', '/posts/{id}').responses['200']);
    expect(detail).toContain(
      '"report_status":{"anyOf":[{"type":"string","enum":["pending","approved","rejected"]},{"type":"null"}]}',
    );
  });

  it('names the recursive comment tree as a component', () => {
    expect(JSON.stringify(operation('GET', '/posts/{id}/comments').responses['200'])).toContain(
      '#/components/schemas/Comment',
    );
    expect(JSON.stringify(document.components.schemas.Comment)).toContain('#/components/schemas/Comment');
  });
});
