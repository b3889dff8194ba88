import { FORM_TOKEN_COOKIE, TOKEN_IN_COOKIE } from '#app/domain/contact/form-token.ts'

/**
 * The anonymous-form tokens a fetched page gives, once each: its hidden
 * fields' own, or, on a page from the page cache (whose fields say the token
 * is in a cookie), the token cookie sent with it, which a post may also
 * carry in the field.
 */
export function formTokensOf(response: Response, html: string): string[] {
  const tokens = [...html.matchAll(/name="formToken" value="([^"]+)"/g)].map((match) => match[1]!)
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith(`${FORM_TOKEN_COOKIE}=`))
    ?.slice(FORM_TOKEN_COOKIE.length + 1)
  return [...new Set(tokens.map((token) => (token === TOKEN_IN_COOKIE ? (cookie ?? token) : token)))]
}

/** The first form token of the page at `url`. */
export async function pageFormToken(url: string): Promise<string> {
  const response = await fetch(url)
  const [token] = formTokensOf(response, await response.text())
  if (!token) throw new Error(`${url} has no form token`)
  return token
}
