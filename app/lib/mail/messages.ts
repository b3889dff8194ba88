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

const LINK_STYLE = 'color:#1d4ed8;word-break:break-all'

/** A link written so that it works in every mail reader: the button is a styled link. */
function buttonHtml(label: string, url: string) {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:underline;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`
}

/**
 * The one layout of every mail the site sends: dark text on white, lang and
 * title set for screen readers, a narrow column. `body` is HTML built from
 * escaped parts only.
 */
function mailDocument(subject: string, body: string, footer = '') {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1f2937;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<main style="max-width:560px;margin:0 auto">
${body}
</main>
${footer}</body>
</html>
`
}

/** The quoted words keep their line breaks; an absent quote adds nothing. */
function quoteHtml(quote: string | undefined) {
  if (quote === undefined) return ''
  return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #9ca3af;background:#f3f4f6;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>\n`
}

/**
 * Plain text and simple HTML with the same words: one heading, short
 * paragraphs, a real link (the button is a styled link, its address also
 * written out).
 */
export function renderActionMail(mail: ActionMail): RenderedMail {
  const quoted = mail.quote === undefined ? [] : [...mail.quote.split('\n').map((line) => `> ${line}`.trimEnd()), '']
  const text = [mail.heading, '', mail.intro, '', ...quoted, `${mail.actionLabel}:`, mail.url, '', mail.outro, ''].join('\n')
  const url = escapeHtml(mail.url)
  const html = mailDocument(
    mail.subject,
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>
<p>${escapeHtml(mail.intro)}</p>
${quoteHtml(mail.quote)}${buttonHtml(mail.actionLabel, mail.url)}
<p>If the button does not work, copy this address into your browser:<br><a href="${url}" style="${LINK_STYLE}">${url}</a></p>
<p>${escapeHtml(mail.outro)}</p>`,
  )
  return { to: mail.to, subject: mail.subject, text, html, url: mail.url }
}

/** One entry of a mail's list: a post of the weekly digest. */
export type NoticeItem = { title: string; text: string; url: string }

/**
 * A mail that tells something (a post, an event, an alert, a digest) rather
 * than asking for one action: paragraphs, an optional picture, an optional
 * list, an optional link, and the footer's links (every mail to a subscriber
 * ends with the way to unsubscribe).
 */
export type NoticeMail = {
  to: string
  subject: string
  heading: string
  /** A line above the heading: 'News from Our School'. */
  kicker?: string
  paragraphs: string[]
  image?: { url: string; alt: string }
  items?: NoticeItem[]
  action?: { label: string; url: string }
  footer: { text: string; links: { label: string; url: string }[] }
}

export function renderNoticeMail(mail: NoticeMail): { to: string; subject: string; text: string; html: string } {
  const text = [
    ...(mail.kicker ? [mail.kicker, ''] : []),
    mail.heading,
    '',
    ...mail.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(mail.items ?? []).flatMap((item) => [item.title, item.text, item.url, '']),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    '--',
    mail.footer.text,
    ...mail.footer.links.map((link) => `${link.label}: ${link.url}`),
    '',
  ].join('\n')
  const items = (mail.items ?? [])
    .map(
      (item) =>
        `<h2 style="font-size:18px;margin:24px 0 4px"><a href="${escapeHtml(item.url)}" style="color:#1d4ed8">${escapeHtml(item.title)}</a></h2>
<p style="margin:0">${escapeHtml(item.text)}</p>`,
    )
    .join('\n')
  const body = [
    mail.kicker ? `<p style="margin:0 0 4px;color:#4b5563;font-size:14px">${escapeHtml(mail.kicker)}</p>` : '',
    `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>`,
    mail.image ? `<p><img src="${escapeHtml(mail.image.url)}" alt="${escapeHtml(mail.image.alt)}" width="560" style="max-width:100%;height:auto;border-radius:6px"></p>` : '',
    ...mail.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    items,
    mail.action ? buttonHtml(mail.action.label, mail.action.url) : '',
  ]
    .filter(Boolean)
    .join('\n')
  const footerLinks = mail.footer.links.map((link) => `<a href="${escapeHtml(link.url)}" style="color:#1d4ed8">${escapeHtml(link.label)}</a>`).join(' · ')
  const footer = `<footer style="max-width:560px;margin:32px auto 0;padding-top:16px;border-top:1px solid #d1d5db;color:#4b5563;font-size:14px">
<p>${escapeHtml(mail.footer.text)}</p>
<p>${footerLinks}</p>
</footer>
`
  return { to: mail.to, subject: mail.subject, text, html: mailDocument(mail.subject, body, footer) }
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

export function invitationMail(to: string, url: string, siteName: string, lifetimeDays: number): RenderedMail {
  return renderActionMail({
    to,
    subject: `You are invited to ${siteName}`,
    heading: `You are invited to ${siteName}`,
    intro: `An administrator of ${siteName} invited you to help run the website. Choose your own password to set up your account. The link works once, for ${lifetimeDays} days.`,
    actionLabel: 'Choose my password',
    url,
    outro: "If you did not expect this, you can ignore this e-mail: no account is made until the link is used. If the link has expired, ask your school's admin to send a new invitation.",
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
