import { createContext } from 'react-router'

/** The nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>('')
