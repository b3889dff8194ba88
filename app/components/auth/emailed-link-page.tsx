import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'

/**
 * The page a mailed link opens (a password reset, an invitation): a card with
 * its title and what it does; when the link no longer works, the reason in
 * place of the form; a way back to the sign-in page under it.
 */
export function EmailedLinkPage({
  title,
  description,
  invalidLinkMessage,
  backLabel,
  children,
}: {
  title: string
  description: ReactNode
  /** Set when the link is used up or expired: shown instead of the form. */
  invalidLinkMessage?: string
  backLabel: string
  children: ReactNode
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {invalidLinkMessage ? <FormAlert message={invalidLinkMessage} /> : children}
          <p className="text-center text-sm">
            <a href="/auth" className="font-medium text-primary underline-offset-4 hover:underline">
              {backLabel}
            </a>
          </p>
        </CardContent>
      </Card>
    </main>
  )
}

/** A refusal of the whole form, boxed so it reads as the page's answer. */
export function FormAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive">
      {message}
    </p>
  )
}
