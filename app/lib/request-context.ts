import { createContext } from 'react-router'

/** The nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>('')

/** The visitor's address as the socket reports it (no X-Forwarded-For), for per-visitor limits. */
export const clientAddressContext = createContext<string>('')
