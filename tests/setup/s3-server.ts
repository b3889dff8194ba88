import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/*
 * s3rver, a local S3-compatible server. It checks neither signatures nor
 * permissions, does not implement newer checksum headers, and fails truncated
 * listings on Node 24: it shows the app speaks the S3 protocol, not that a
 * given provider accepts its credentials.
 */
export async function startS3Server(bucket = 'school') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'school-s3-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const options = { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  return {
    options,
    /** The same store as the app's environment variables. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: options.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
    },
    async close() {
      await server.close()
      await fs.rm(directory, { recursive: true, force: true })
    },
  }
}
