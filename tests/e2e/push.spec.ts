import { devices, type BrowserContext, type Page } from '@playwright/test'
import { GET_NOTIFIED_TEXTS } from '#app/components/site/get-notified-button.tsx'
import { expect, test, waitForHydration } from './fixtures.ts'
import { demoRows } from './site-database.ts'
import { DEMO_SITE_URL, EMPTY_SITE_URL } from './sites.ts'

const SHOTS = '.tmp/shots'
const WIDTHS = [390, 1280] as const

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/**
 * Chromium's PushManager.subscribe always goes to Google's push service,
 * which this machine cannot reach: only it (and getSubscription, which
 * would return what it made) is replaced, by a subscription with a real
 * P-256 key and auth secret made in the page and an endpoint at Google's
 * address, as Chrome's are. Permission, the service worker and the site's
 * routes are real.
 */
async function stubPushService(context: BrowserContext) {
  await context.addInitScript(() => {
    const encode = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    const KEY = 'e2e-push-subscription'
    type Stored = { endpoint: string; p256dh: string; auth: string; serverKey: number[] }
    function fake(stored: Stored) {
      return {
        endpoint: stored.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.serverKey).buffer },
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh: stored.p256dh, auth: stored.auth } }),
        unsubscribe: () => {
          localStorage.removeItem(KEY)
          return Promise.resolve(true)
        },
      }
    }
    PushManager.prototype.getSubscription = function () {
      const stored = localStorage.getItem(KEY)
      return Promise.resolve(stored ? (fake(JSON.parse(stored) as Stored) as unknown as PushSubscription) : null)
    }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])
      const stored: Stored = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        p256dh: encode(await crypto.subtle.exportKey('raw', pair.publicKey)),
        auth: encode(crypto.getRandomValues(new Uint8Array(16)).buffer),
        serverKey: [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)],
      }
      localStorage.setItem(KEY, JSON.stringify(stored))
      return fake(stored) as unknown as PushSubscription
    }
  })
}

async function openBlogs(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 })
  await page.goto('/blogs')
  await waitForHydration(page, 'section[data-push-state] button, section[data-push-state] p')
  const section = page.locator('section[data-push-state]')
  await expect(section).not.toHaveAttribute('data-push-state', 'checking')
  return section
}

async function shoot(page: Page, name: string, width: number) {
  const section = page.locator('section[data-push-state]')
  await section.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/push-${name}-${width}.png` })
}

function storedSubscriptions() {
  return demoRows<{ endpoint: string; p256dh: string; auth: string; news: number; alerts: number }>("select endpoint, p256dh, auth, news, alerts from push_subscriptions where endpoint like 'https://fcm.googleapis.com/fcm/send/e2e-%'")
}

test('the web app manifest names the school and lists its icons, PNGs of the sizes it says, made from the logo or plain', async ({ request, page }) => {
  for (const site of [DEMO_SITE_URL, EMPTY_SITE_URL]) {
    const response = await request.get(`${site}/manifest.webmanifest`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/manifest+json; charset=utf-8')
    const manifest = (await response.json()) as { name: string; display: string; start_url: string; theme_color: string; icons: { src: string; sizes: string; type: string }[] }
    expect(manifest).toMatchObject({ name: 'Our School', display: 'standalone', start_url: '/' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(manifest.icons.map((icon) => [icon.src, icon.sizes, icon.type])).toEqual([
      ['/icons/icon-192.png', '192x192', 'image/png'],
      ['/icons/icon-512.png', '512x512', 'image/png'],
    ])
    for (const [src, size] of [...manifest.icons.map((icon) => [icon.src, Number(icon.sizes.split('x')[0])] as const), ['/apple-touch-icon.png', 180] as const]) {
      const icon = await request.get(`${site}${src}`)
      expect(icon.headers()['content-type']).toBe('image/png')
      expect(pngSize(await icon.body())).toEqual({ width: size, height: size })
    }
  }
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png')
})

test('/sw.js registers as the service worker of the whole site, and no page is cached by it', async ({ page, request }) => {
  const script = await request.get('/sw.js')
  expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8')
  expect(script.headers()['cache-control']).toBe('no-cache')
  expect(await script.text()).not.toContain("addEventListener('fetch'")
  await page.goto('/blogs')
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js')
    return (await navigator.serviceWorker.ready).scope
  })
  expect(scope).toBe(`${DEMO_SITE_URL}/`)
})

test('Get notified: asks when pressed, subscribes with the chosen topics, and turns off again', async ({ browser }) => {
  // Two widths, each a whole round: a busy machine needs more than the default time.
  test.slow()
  const context = await browser.newContext({ baseURL: DEMO_SITE_URL })
  await context.grantPermissions(['notifications'], { origin: DEMO_SITE_URL })
  await stubPushService(context)
  const page = await context.newPage()
  for (const width of WIDTHS) {
    const section = await openBlogs(page, width)
    await expect(section).toHaveAttribute('data-push-state', 'ready')
    await expect(section.getByRole('heading', { name: GET_NOTIFIED_TEXTS.heading })).toBeVisible()
    await expect(section.getByRole('checkbox', { name: /Alerts/ })).toBeChecked()
    await expect(section.getByRole('checkbox', { name: /News/ })).toBeChecked()
    await shoot(page, 'ready', width)

    await section.getByRole('checkbox', { name: /News/ }).uncheck()
    await section.getByRole('button', { name: GET_NOTIFIED_TEXTS.button }).click()
    await expect(section.getByRole('status')).toHaveText(GET_NOTIFIED_TEXTS.on)
    await expect(section.getByRole('button', { name: GET_NOTIFIED_TEXTS.turnOff })).toBeVisible()
    const [stored] = storedSubscriptions()
    expect(stored).toMatchObject({ news: 0, alerts: 1 })
    expect(Buffer.from(stored!.p256dh, 'base64url')).toHaveLength(65)
    expect(Buffer.from(stored!.auth, 'base64url')).toHaveLength(16)
    // The subscription was made with the site's key, and the real service worker is in place.
    const serverKey = ((await (await page.request.get('/push/public-key')).json()) as { publicKey: string }).publicKey
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL)).toBe(`${DEMO_SITE_URL}/sw.js`)
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('e2e-push-subscription')!) as { serverKey: number[] }).serverKey.length)).toBe(Buffer.from(serverKey, 'base64url').length)

    // On the next visit the page knows; a changed topic is saved at once.
    await page.reload()
    await expect(section).toHaveAttribute('data-push-state', 'subscribed')
    await expect(section.getByRole('checkbox', { name: /News/ })).not.toBeChecked()
    await section.getByRole('checkbox', { name: /News/ }).check()
    await expect(section.getByRole('status')).toHaveText(GET_NOTIFIED_TEXTS.saved)
    expect(storedSubscriptions()).toMatchObject([{ news: 1, alerts: 1 }])
    await page.reload()
    await expect(section).toHaveAttribute('data-push-state', 'subscribed')
    await shoot(page, 'subscribed', width)

    await section.getByRole('button', { name: GET_NOTIFIED_TEXTS.turnOff }).click()
    await expect(section.getByRole('status')).toHaveText(GET_NOTIFIED_TEXTS.off)
    await expect(section).toHaveAttribute('data-push-state', 'ready')
    expect(storedSubscriptions()).toEqual([])
  }
  await context.close()
})

test('Get notified where it cannot work: notifications blocked, a browser without Web Push, an iPhone not on the Home Screen', async ({ browser }) => {
  // Three browsers at two widths.
  test.slow()
  const cases = [
    {
      name: 'denied',
      text: GET_NOTIFIED_TEXTS.denied,
      options: {},
      // Chromium cannot be told to block a site's notifications from here: the permission is read as blocked.
      script: () => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }),
    },
    { name: 'unsupported', text: GET_NOTIFIED_TEXTS.unsupported, options: {}, script: () => Reflect.deleteProperty(window, 'PushManager') },
    { name: 'iphone', text: GET_NOTIFIED_TEXTS.iosInstall, options: { userAgent: devices['iPhone 13'].userAgent, isMobile: true, hasTouch: true }, script: () => undefined },
  ]
  for (const { name, text, options, script } of cases) {
    const context = await browser.newContext({ baseURL: DEMO_SITE_URL, ...options })
    await context.addInitScript(script)
    const page = await context.newPage()
    for (const width of WIDTHS) {
      const section = await openBlogs(page, width)
      await expect(section).toHaveAttribute('data-push-state', name === 'iphone' ? 'ios-install' : name)
      await expect(section).toContainText(text)
      await expect(section.getByRole('button')).toHaveCount(0)
      await shoot(page, name, width)
    }
    await context.close()
  }
})
