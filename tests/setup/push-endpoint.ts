import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** What a browser keeps of its push subscription: the P-256 key pair and the 16-byte auth secret it gives the site. */
export function browserPushKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') }
}
export type BrowserPushKeys = ReturnType<typeof browserPushKeys>

export interface ReceivedPush {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/**
 * A push service on this machine: an HTTPS server (web-push posts only over
 * HTTPS) with a certificate made for the test and trusted by this process,
 * answering each push with the status `statusFor(path)` chooses.
 */
export async function startPushService(statusFor: (path: string) => number = () => 201) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'push-service-'))
  const keyFile = path.join(folder, 'key.pem')
  const certFile = path.join(folder, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' })
  const cert = fs.readFileSync(certFile)
  const received: ReceivedPush[] = []
  const server = https.createServer({ key: fs.readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = statusFor(req.url ?? '')
      res.end(res.statusCode >= 400 ? 'push service says no' : '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const previousCa = https.globalAgent.options.ca
  https.globalAgent.options.ca = cert
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    async stop() {
      https.globalAgent.options.ca = previousCa
      await new Promise<void>((resolve) => server.close(() => resolve()))
      fs.rmSync(folder, { recursive: true, force: true })
    },
  }
}

/**
 * Checks the VAPID Authorization header (`vapid t=JWT, k=public key`): the
 * JWT's ES256 signature with the key in k, and its claims. Returns both.
 */
export function readVapidAuthorization(header: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '')
  if (!match) throw new Error(`Not a VAPID authorization: ${header}`)
  const [, token = '', publicKey = ''] = match
  const [head = '', claims = '', signature = ''] = token.split('.')
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' })
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))
  return {
    publicKey,
    valid,
    header: JSON.parse(Buffer.from(head, 'base64url').toString()) as { typ: string; alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  }
}

/**
 * Decrypts an aes128gcm push body as the browser does, written here from
 * the Web Push encryption scheme with node:crypto alone (not with the
 * library that encrypted it): the key from ECDH with the sender's key and
 * the auth secret, then the content key and nonce from the salt.
 */
export function decryptPush(body: Buffer, keys: BrowserPushKeys): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyIdLength = body.readUInt8(20)
  const senderPublicKey = body.subarray(21, 21 + keyIdLength)
  const record = body.subarray(21 + keyIdLength)
  if (record.length > recordSize) throw new Error('More than one record: a push this small is sent in one')
  const sharedSecret = keys.ecdh.computeSecret(senderPublicKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublicKey])
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, keys.auth, keyInfo, 32))
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('The record does not end with the last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}
