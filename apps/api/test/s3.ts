import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.js';

export type LocalS3 = {
  endpoint: string;
  /** A bucket made for the caller, so tests sharing one server never see each other's objects. */
  bucket: () => Promise<S3Settings>;
  /** The variables that point a server at `settings`, as an operator would set them. */
  envOf: (settings: S3Settings) => Record<string, string>;
  stop: () => Promise<void>;
};

/** s3rver's one built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3 API (s3rver) on a free loopback port, storing under a temporary directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'kettle-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // Buckets are made through the S3 API, as on a real store, not by writing s3rver's folders.
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    bucket: async () => {
      const name = `kettle-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return { bucket: name, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS };
    },
    envOf: (settings) => ({
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    stop: async () => {
      admin.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
