/** A mail with one call to action: the link the person follows. */
export type ActionMail = {
  to: string
  subject: string
  heading: string
  intro: string
  /** Someone else's words, shown as written after the intro (a contact message): quoted in the text, escaped in the HTML. */
  quote?: string
  actionLabel: string
  url: string
  outro: string
}

export type RenderedMail = { to: string; subject: string; text: string; html: string; url: string }

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The quoted words keep their line breaks; an absent quote adds nothing. */
function quoteHtml(quote: string | undefined) {
  if (quote === undefined) return ''
  return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #9ca3af;background:#f3f4f6;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>\n`
}

/**
 * Plain text and simple HTML with the same words: one heading, short
 * paragraphs, a real link (the button is a styled link, its address also
 * written out), dark text on white, lang and title set for screen readers.
 */
export function renderActionMail(mail: ActionMail): RenderedMail {
  const quoted = mail.quote === undefined ? [] : [...mail.quote.split('\n').map((line) => `> ${line}`.trimEnd()), '']
  const text = [mail.heading, '', mail.intro, '', ...quoted, `${mail.actionLabel}:`, mail.url, '', mail.outro, ''].join('\n')
  const url = escapeHtml(mail.url)
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>
<p>${escapeHtml(mail.intro)}</p>
${quoteHtml(mail.quote)}<p><a href="${url}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:underline;border-radius:6px;font-weight:bold">${escapeHtml(mail.actionLabel)}</a></p>
<p>If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#1d4ed8;word-break:break-all">${url}</a></p>
<p>${escapeHtml(mail.outro)}</p>
</main>
</body>
</html>
`
  return { to: mail.to, subject: mail.subject, text, html, url: mail.url }
}

export function verificationMail(to: string, url: string, siteName: string): RenderedMail {
  return renderActionMail({
    to,
    subject: `Confirm your e-mail address for ${siteName}`,
    heading: 'Confirm your e-mail address',
    intro: `An account was created on ${siteName} with this e-mail address. Confirm it to sign in.`,
    actionLabel: 'Confirm my e-mail address',
    url,
    outro: 'If you did not create this account, you can ignore this e-mail.',
  })
}

export function passwordResetMail(to: string, url: string, siteName: string): RenderedMail {
  return renderActionMail({
    to,
    subject: `Reset your password for ${siteName}`,
    heading: 'Reset your password',
    intro: `Someone asked to reset the password of your account on ${siteName}. The link works for one hour.`,
    actionLabel: 'Choose a new password',
    url,
    outro: 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  })
}

export function accountLockedMail(to: string, signInUrl: string, siteName: string, failures: number, lockMinutes: number): RenderedMail {
  return renderActionMail({
    to,
    subject: `Sign-in to your account on ${siteName} was locked`,
    heading: 'Sign-in to your account was locked',
    intro: `Someone entered ${failures} wrong passwords in a row for your account on ${siteName}, so signing in with the password is locked for ${lockMinutes} minute${lockMinutes === 1 ? '' : 's'}. If the wrong passwords go on, each new lock lasts twice as long, up to 30 minutes. Your password has not changed.`,
    actionLabel: 'Go to the sign-in page',
    url: signInUrl,
    outro: 'If this was you, wait a moment and try again, or choose a new password with "Forgot password?", which also lifts the lock. If it was not you, choose a new password and turn on two-factor sign-in in your account.',
  })
}
