import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const messageOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
};

describe('S3 settings', () => {
  it('keeps images on disk when S3_BUCKET is unset', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads the bucket, endpoint, region, keys and path style', () => {
    const config = loadConfig({
      S3_BUCKET: 'kettle-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'kettle-images',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it("leaves credentials to the SDK's own lookup when no keys are set", () => {
    expect(loadConfig({ S3_BUCKET: 'kettle-images' }).s3).toEqual({
      bucket: 'kettle-images',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('refuses an endpoint or keys without a bucket, half a key pair, and a bad endpoint', () => {
    expect(messageOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toContain('S3_BUCKET: S3_BUCKET is required');
    expect(messageOf({ S3_BUCKET: 'kettle-images', S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(messageOf({ S3_BUCKET: 'kettle-images', S3_ENDPOINT: 'not a url' })).toContain(
      'S3_ENDPOINT: S3_ENDPOINT must be a URL',
    );
    expect(messageOf({ S3_BUCKET: 'kettle-images', S3_FORCE_PATH_STYLE: 'maybe' })).toContain('S3_FORCE_PATH_STYLE');
  });
});
