/** Shown to an editor or admin sent to the account page because the site requires two-factor sign-in. */
export const TWO_FACTOR_FIRST = 'This site requires two-factor sign-in for editors and admins: turn it on in your account first.'

export interface AccountPasskey {
  id: string
  name: string | null
  createdAt: string | null
}
