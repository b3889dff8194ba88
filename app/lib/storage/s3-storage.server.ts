import type { Readable } from 'node:stream'
import type * as S3Sdk from '@aws-sdk/client-s3'
import { assertValidKey, contentTypeFor, type Bucket, type Storage } from './storage.ts'

export interface S3StorageOptions {
  bucket: string
  region: string
  endpoint?: string
  forcePathStyle: boolean
  accessKeyId?: string
  secretAccessKey?: string
}

type Sdk = typeof S3Sdk

/** Any S3-compatible store; the four logical buckets are prefixes in one S3 bucket. */
export function createS3Storage(options: S3StorageOptions): Storage {
  // The SDK is loaded on first use: a site on local files never pays its ~30 MB in each process.
  let loaded: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined
  const s3 = () => (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk) })))

  function newClient(sdk: Sdk) {
    return new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // Many S3-compatible stores reject the checksum headers newer SDKs add by default.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    })
  }

  function objectKey(bucket: Bucket, key: string) {
    assertValidKey(key)
    return `${bucket}/${key}`
  }

  return {
    async put(bucket, key, body, contentType) {
      const { sdk, client } = await s3()
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(bucket, key),
          Body: body,
          ContentType: contentType,
        }),
      )
    },
    async get(bucket, key) {
      const { sdk, client } = await s3()
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }))
        if (!object.Body) return null
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeFor(key),
        }
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null
        throw error
      }
    },
    async delete(bucket, key) {
      const { sdk, client } = await s3()
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }))
    },
    async *list(bucket) {
      const { sdk, client } = await s3()
      const prefix = `${bucket}/`
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix: prefix, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          if (object.Key) yield object.Key.slice(prefix.length)
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
    async ping() {
      const { sdk, client } = await s3()
      await client.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }))
      return true
    },
  }
}
