import { createHmac } from 'node:crypto'

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char)
    if (value < 0) throw new Error(`Not base32: ${char}`)
    bits += value.toString(2).padStart(5, '0')
  }
  const bytes = bits.match(/.{8}/g) ?? []
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)))
}

/** The 6-digit code an authenticator app shows now (RFC 6238: HMAC-SHA1, 30 s steps), computed independently of the app's code. */
export function totpCode(base32Secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)))
  const digest = createHmac('sha1', base32Bytes(base32Secret)).update(counter).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return value.toString().padStart(6, '0')
}

/** The secret inside an otpauth:// URI. */
export function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret')
  if (!secret) throw new Error('No secret in the TOTP URI')
  return secret
}
