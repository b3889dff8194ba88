import { expect, screenshot, test } from './fixtures.ts'

test('the home page is rendered on the server with the active theme as CSS variables', async ({ page, request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('--primary:215 70% 35%')
  expect(html).toContain('--border:214 32% 91%')
  expect(html).toContain('Welcome to Our School')
  // An anonymous visitor's page is the page cache's: its inline scripts are allowed by their hashes, never by 'unsafe-inline'.
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)

  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Our School' })).toBeVisible()
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())
  expect(primary).toBe('215 70% 35%')
  await screenshot(page, 'foundation-home-1280')
})

test("an unknown route answers 404 with '404', 'Oops! Page not found' and a link home", async ({ page, expectedFailedUrls }) => {
  expectedFailedUrls.push('/no-such-page')
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})

test('stored files are served with their type and long caching; traversal is refused', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const image = /\/files\/uploads\/[0-9a-f-]+\.webp/.exec(html)?.[0]
  expect(image).toBeTruthy()
  const file = await request.get(image!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('image/webp')
  expect(file.headers()['cache-control']).toContain('immutable')
  // Other sites (feed readers, link previews) may show stored images; pages stay same-origin.
  expect(file.headers()['cross-origin-resource-policy']).toBe('cross-origin')
  expect((await request.get('/')).headers()['cross-origin-resource-policy']).toBe('same-origin')
  expect((await file.body()).subarray(8, 12).toString()).toBe('WEBP')

  for (const path of ['/files/uploads/..%2f..%2fauth-secret', '/files/uploads/%2e%2e/%2e%2e/auth-secret', '/files/nope/a.webp']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
})

test('hashed assets are cached for a year and compressed', async ({ request }) => {
  const html = await (await request.get('/')).text()
  // React and React Router's file: large enough to be compressed (the smallest files are not worth it).
  const asset = /\/assets\/framework-[^"\s]+\.js/.exec(html)?.[0]
  expect(asset).toBeTruthy()
  const response = await request.get(asset!, { headers: { 'accept-encoding': 'br, gzip' } })
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(response.headers()['content-encoding']).toMatch(/br|gzip/)
})
