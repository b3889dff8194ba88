import { CLIENT_ADDRESS_HEADER } from '#app/lib/auth-rate-limit.server.ts'
import { auth } from '#app/services/auth.server.ts'

const ORIGIN = 'http://localhost:3000'

/**
 * One browser talking to the auth endpoints: it keeps the cookies each answer
 * sets (and drops those it expires) and sends them back, as a browser does.
 * Each has its own client address, so the per-address rate limits count it alone.
 */
export class AuthBrowser {
  private cookies = new Map<string, string>()
  private address = `10.${randomByte()}.${randomByte()}.${randomByte()}`

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  hasCookie(namePart: string): boolean {
    return [...this.cookies.keys()].some((name) => name.includes(namePart))
  }

  async post(path: string, body: Record<string, unknown>): Promise<Response> {
    return this.keep(
      await auth.handler(
        new Request(`${ORIGIN}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: this.cookieHeader, [CLIENT_ADDRESS_HEADER]: this.address },
          body: JSON.stringify(body),
        }),
      ),
    )
  }

  /** Opens a link (a confirmation link from a mail) as a top-level navigation. */
  async open(url: string): Promise<Response> {
    return this.keep(await auth.handler(new Request(url, { headers: { cookie: this.cookieHeader, [CLIENT_ADDRESS_HEADER]: this.address } })))
  }

  /** The account this browser is signed in as, or null. */
  async signedInAs(): Promise<string | null> {
    const session = await auth.api.getSession({ headers: new Headers({ cookie: this.cookieHeader }) })
    return session?.user.email ?? null
  }

  private keep(response: Response): Response {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }
}

function randomByte() {
  return crypto.getRandomValues(new Uint8Array(1))[0]!
}
