import type { StorageConfig } from '../env.server.ts'
import { config } from '../env.server.ts'
import { singleton } from '../singleton.server.ts'
import { createLocalStorage } from './local-storage.server.ts'
import { createS3Storage } from './s3-storage.server.ts'
import type { Storage } from './storage.ts'

export function createStorage(storageConfig: StorageConfig): Storage {
  return storageConfig.driver === 's3' ? createS3Storage(storageConfig) : createLocalStorage(storageConfig.root)
}

export const storage = singleton('storage', () => createStorage(config.storage))
