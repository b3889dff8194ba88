/**
 * A page kept by the page cache is one body for every visitor, so it cannot
 * carry a token of its own rendering: its forms carry this word instead, and
 * the cache sends each visitor a cookie with a token made when it sent the
 * page, which the action reads in its place (docs/product-rules.md#page-cache).
 */
export const TOKEN_IN_COOKIE = 'cookie'
export const FORM_TOKEN_COOKIE = 'form_token'
