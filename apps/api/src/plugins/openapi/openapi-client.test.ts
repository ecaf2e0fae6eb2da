import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import sharp from 'sharp';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { buildPost, refs } from '../../../test/posts-kit.js';

const CLIENT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../test/openapi-client');
const GENERATED = join(CLIENT_DIR, 'schema.generated.ts');
const JOURNEY = join(CLIENT_DIR, 'journey.ts');

let app: TestApp;
let baseUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  rmSync(GENERATED, { force: true });
  await app.teardown();
});

/** Types from the served document, the way a third party would make them (binary parts as Blob). */
async function generateTypes(): Promise<void> {
  const document = await (await fetch(`${baseUrl}/api/docs/json`)).text();
  const ast = await openapiTS(document, {
    transform: (schema) =>
      schema.format === 'binary' ? ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob')) : undefined,
  });
  writeFileSync(GENERATED, astToString(ast));
}

/** Strict TypeScript, as a careful client would compile; any diagnostic fails the test. */
function compile(): string[] {
  const program = ts.createProgram([JOURNEY], {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the document (openapi-typescript + openapi-fetch)', () => {
  it('compiles strictly with no casts, then signs in, lists, submits, unlocks, comments and reads an error', async () => {
    await generateTypes();
    expect(compile()).toEqual([]);

    const reader = await buildUser(app, { coins: 500 });
    const author = await buildUser(app);
    const other = await buildPost(app, author.id, { status: 'approved', publishedAt: new Date(), unlockPrice: 40 });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();
    const { journey } = await import(JOURNEY);
    const result = await journey({
      baseUrl,
      email: reader.email,
      password: reader.password,
      ...(await refs(app)),
      otherPostId: other.id,
      photo: new Blob([new Uint8Array(photo)], { type: 'image/png' }),
    });

    expect(result.listed).toBe(1);
    expect(result.createdJson).toBe('pending');
    expect(result.createdMultipart.images).toBe(1);
    expect(result.balanceAfterUnlock).toBe(500 - 25 - 25 - 40);
    expect(result.commentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
