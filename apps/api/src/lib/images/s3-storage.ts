import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import {
  FILE_NAME_PATTERN,
  LIST_PAGE_SIZE,
  STORAGE_KEY_PATTERN,
  type ImageStorage,
  type StoredFile,
} from './storage.js';

/** Same names as on disk, so moving a DATA_DIR/uploads folder into a bucket is a plain copy. */
function objectKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
  return `${key}.webp`;
}

/** Only a missing object means "unknown key"; an unreachable store must fail loudly, not look like a 404. */
function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default CRC32 headers and trailers are not understood by every S3-compatible
    // server; checksums are sent only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled store must not hold an upload or an image request open until the socket dies.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

async function* listBucket(client: S3Client, bucket: string, pageSize: number): AsyncIterable<StoredFile[]> {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, MaxKeys: pageSize, ContinuationToken: token }),
    );
    const files: StoredFile[] = [];
    for (const object of page.Contents ?? []) {
      const key = object.Key ? FILE_NAME_PATTERN.exec(object.Key)?.[1] : undefined;
      if (key && object.LastModified) files.push({ key, modifiedAt: object.LastModified });
    }
    yield files;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export type S3StorageOptions = {
  /** A client the caller owns and closes (tests reading the bucket behind the storage's back). */
  client?: S3Client;
  /** Objects per ListObjectsV2 call; tests make it small to walk several continuation tokens. */
  pageSize?: number;
};

/** Images in an S3-compatible bucket, for several servers sharing one store (docs/deploy.md). */
export function createS3Storage(settings: S3Settings, options: S3StorageOptions = {}): ImageStorage {
  const { bucket } = settings;
  const client = options.client ?? createS3Client(settings);
  const pageSize = options.pageSize ?? LIST_PAGE_SIZE;
  return {
    put: async (key, data) => {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, ContentType: 'image/webp' }),
      );
    },
    read: async (key) => {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      if (!STORAGE_KEY_PATTERN.test(key)) return;
      // S3 answers 204 for a key that is already gone, as the disk's rm({ force }) does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    list: () => listBucket(client, bucket, pageSize),
    close: () => {
      if (!options.client) client.destroy();
    },
  };
}
