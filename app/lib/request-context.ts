import { createContext } from 'react-router'

/** The nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>('')

/** The visitor's address (Express's req.ip: the socket's, or X-Forwarded-For's as far as TRUST_PROXY allows), for per-visitor limits. */
export const clientAddressContext = createContext<string>('')

/** This request's id, as in the X-Request-Id header and the request log, so an error can be traced to one log line. */
export const requestIdContext = createContext<string>('')
