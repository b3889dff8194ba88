// oidc-provider ships no types; the peer uses this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http'

  type Account = { accountId: string; claims: () => Record<string, unknown> }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, accountId: string) => Account })
    listen(port: number, callback?: () => void): Server
  }
}
