import { createContext } from 'react-router'

/** The nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>('')

/** The visitor's address (Express's req.ip: the socket's, or X-Forwarded-For's as far as TRUST_PROXY allows), for per-visitor limits. */
export const clientAddressContext = createContext<string>('')

/** This request's id, as in the X-Request-Id header and the request log, so an error can be traced to one log line. */
export const requestIdContext = createContext<string>('')

/**
 * True when the page is rendered for the page cache, to be sent to every
 * anonymous visitor: nothing in it may be one request's own (no nonce, no
 * form token; see server/page-cache.ts).
 */
export const sharedRenderContext = createContext<boolean>(false)
