import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createS3Storage } from './s3-storage.js';
import { createDiskStorage, type ImageStorage } from './storage.js';

/** S3 when S3_BUCKET is set, so every server reads the same images; DATA_DIR/uploads otherwise. */
export function createImageStorage(config: Config): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(join(config.dataDir, 'uploads'));
}
