import { test as base, expect, type Page } from '@playwright/test'
import { restoreDemoContent, snapshotDemoContent } from './demo-content.ts'
import { DEMO_SITE_URL } from './sites.ts'

interface PageProblem {
  text: string
  url: string
}

/**
 * Any console error, uncaught exception or Content-Security-Policy violation
 * (even one the page's code catches, like a probe of `new Function`) in the
 * page fails the test, except
 * failed loads of URLs a test declares it expects (a 404 page, say). Every
 * test leaves the demo site's content as it found it, even when it fails.
 */
export const test = base.extend<{ expectedFailedUrls: string[]; pageErrors: PageProblem[]; demoContentRestored: void }>({
  // Relative addresses go to this worker's own demo site.
  baseURL: async ({}, use) => {
    await use(DEMO_SITE_URL)
  },
  demoContentRestored: [
    async ({}, use) => {
      const before = snapshotDemoContent()
      await use()
      if (before) restoreDemoContent(before)
    },
    { auto: true },
  ],
  expectedFailedUrls: async ({}, use) => {
    await use([])
  },
  pageErrors: [
    async ({ page, expectedFailedUrls }, use) => {
      const problems: PageProblem[] = []
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}:${event.lineNumber}`)
        })
      })
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url })
      })
      page.on('pageerror', (error) => problems.push({ text: error.message, url: '' }))
      await use(problems)
      const unexpected = problems.filter(
        (problem) => !expectedFailedUrls.some((url) => problem.url.endsWith(url) && problem.text.startsWith('Failed to load resource')),
      )
      expect(unexpected, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true })
}

/** Waits until React has hydrated the element, so its event handlers are live. */
export async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css)
    return element !== null && Object.keys(element).some((key) => key.startsWith('__react'))
  }, selector)
}

/** A sonner toast that contains the text (success toasts, and 'Error' toasts with the server's message). */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text })
}
