import type { Locator } from '@playwright/test'
import { demoRow } from './site-database.ts'
import { expect, test, toast, waitForHydration } from './fixtures.ts'
import { createStaffAccount, signIn } from './staff.ts'

/** HTML as it might come from another page or a malicious clipboard. */
const PASTED = [
  '<p>Pasted <strong>safely</strong> with <a href="https://example.org/visit" onclick="alert(1)">a good link</a>',
  ' and <a href="javascript:alert(2)">a script link</a>.</p>',
  '<img src="javascript:alert(3)" onerror="alert(4)" alt="script source">',
  '<img src="x" onerror="alert(5)" alt="relative source">',
  '<img src="http://insecure.example/a.png" alt="plain http">',
  '<img src="data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E" alt="data source">',
  '<p onmouseover="alert(6)" style="background:url(javascript:alert(7))">Second paragraph</p>',
  '<script>alert(8)</script><iframe src="https://evil.example"></iframe>',
].join('')

const FORBIDDEN = [/javascript:/i, /\bon[a-z]+=/i, /<script/i, /<iframe/i, /insecure\.example/, /data:image/, /src="x"/, /style=/i]

/** Pastes HTML into the editor the way a browser does: a paste event carrying the clipboard's text/html. */
async function paste(editor: Locator, html: string) {
  await editor.click()
  await editor.evaluate((element, markup) => {
    const clipboard = new DataTransfer()
    clipboard.setData('text/html', markup)
    clipboard.setData('text/plain', 'Pasted safely')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }))
  }, html)
}

test('HTML pasted into the rich-text editor loses scripts, handlers and unsafe images before the page shows it, and is saved clean', async ({ page, request }) => {
  // Sign-in, the sections page and its editors take a while on a busy machine.
  test.slow()
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Sections' }).click()
  await waitForHydration(page, 'main form')
  const about = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'home.about', exact: true }) })
  const editor = about.getByRole('textbox', { name: 'Content' })
  await expect(editor).toBeVisible()
  await page.keyboard.press('Control+End')
  await paste(editor, PASTED)

  await expect(editor).toContainText('Pasted safely')
  await expect(editor.getByRole('link', { name: 'a good link' })).toHaveAttribute('href', 'https://example.org/visit')
  await expect(editor.getByText('a script link')).toBeVisible()
  await expect(editor.locator('img')).toHaveCount(0)
  const shown = await editor.innerHTML()
  for (const pattern of FORBIDDEN) expect(shown, `the editor shows ${pattern}`).not.toMatch(pattern)

  await about.getByRole('button', { name: 'Save' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Section updated successfully')).toBeVisible()
  const stored = String((JSON.parse(demoRow<{ content: string }>("select content from sections where key = 'home.about'")!.content) as { content: string }).content)
  expect(stored).toContain('Pasted <strong>safely</strong>')
  expect(stored).toMatch(/<a [^>]*href="https:\/\/example\.org\/visit"[^>]*>a good link<\/a>/)
  for (const pattern of FORBIDDEN) expect(stored, `the stored content has ${pattern}`).not.toMatch(pattern)
})
