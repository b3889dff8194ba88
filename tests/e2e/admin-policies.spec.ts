import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { simplePdf } from '#app/services/seed/simple-pdf.ts'
import { demoRows } from './site-database.ts'
import { expect, screenshot, test, toast, waitForHydration } from './fixtures.ts'
import { DEMO_DATABASE_PATH, DEMO_SITE_URL } from './sites.ts'
import { createStaffAccount, expectRefusedWithoutRole, signIn, staffSession } from './staff.ts'
import type { StoredRow } from '#tests/setup/stored-rows.ts'

type PolicyRow = StoredRow<'policies', 'id' | 'title' | 'description' | 'file_url' | 'slug'>

const POLICY_FILES = path.join(path.dirname(DEMO_DATABASE_PATH), 'storage', 'policies')
const NOT_A_DOCUMENT = 'Please select a PDF or Word document (.pdf, .doc, .docx)'

const storedPolicies = () => demoRows<PolicyRow>('select id, title, description, file_url, slug from policies order by created_at desc')

function storedPolicy(title: string) {
  return storedPolicies().find((row) => row.title === title)
}

function policyFiles() {
  return fs.existsSync(POLICY_FILES) ? fs.readdirSync(POLICY_FILES).sort() : []
}

/** WCAG 2.1 A/AA problems axe finds in the page, or in one part of it. */
async function accessibilityViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }))
}

function pdfFile(title: string) {
  return { name: 'uniform-policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from(simplePdf(title, ['Pupils wear the school jumper.'])) }
}

async function pngFile() {
  return { name: 'scan.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888888' } }).png().toBuffer() }
}

test('an editor adds, edits and deletes a policy, with an uploaded PDF, validation, confirmation and the public page following', async ({ page, request }) => {
  // A whole story through several dialogs and public pages: under a loaded CI machine it can pass 30 s.
  test.slow()
  const title = `Uniform Policy ${Date.now()}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.locator('aside').getByRole('link', { name: 'Policies' }).click()
  await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible()
  await waitForHydration(page, 'main')

  await page.getByRole('button', { name: 'Add Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Policy' })
  await expect(dialog.getByRole('tab', { name: 'Upload File' })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByLabel('Document File')).toHaveAttribute('accept', '.pdf,.doc,.docx')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()

  await dialog.getByLabel('Title').fill(title)
  await expect(dialog.getByText('Title is required')).toHaveCount(0)
  await dialog.getByLabel('Description (optional)').fill('What pupils wear at school.')
  await dialog.getByRole('tab', { name: 'File URL' }).click()
  await expect(dialog.getByRole('textbox', { name: 'File URL' })).toHaveAttribute('type', 'url')
  await dialog.getByRole('textbox', { name: 'File URL' }).fill('uniform policy')
  await expect(dialog.getByText('Must be a valid URL')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'File URL' }).fill('https://example.org/uniform.pdf')
  await expect(dialog.getByText('Must be a valid URL')).toHaveCount(0)

  await dialog.getByRole('tab', { name: 'Upload File' }).click()
  await dialog.getByLabel('Document File').setInputFiles(await pngFile())
  await expect(dialog.getByText(NOT_A_DOCUMENT)).toBeVisible()
  // The uploaded file overrides the URL typed in the other tab.
  await dialog.getByLabel('Document File').setInputFiles(pdfFile(title))
  await expect(dialog.getByText(NOT_A_DOCUMENT)).toHaveCount(0)
  await screenshot(page, 'admin-policy-dialog-1280')
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Policy created successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)

  const created = storedPolicy(title)!
  expect(created).toMatchObject({ description: 'What pupils wear at school.' })
  expect(created.file_url).toMatch(/^\/files\/policies\/\d+-[0-9a-f]{8}\.pdf$/)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  // The admin links to the stable address, never to the stored file a newer document would withdraw.
  const view = card.getByRole('link', { name: /View Document/ })
  await expect(view).toHaveAttribute('href', `/policies/${created.slug}/download`)
  await expect(view).toHaveAttribute('target', '_blank')
  const document = await request.get(`/policies/${created.slug}/download`)
  expect(document.status()).toBe(200)
  expect(document.headers()['content-type']).toBe('application/pdf')
  expect(document.headers()['content-disposition']).toBe(`attachment; filename="${title}.pdf"`)
  expect((await document.body()).subarray(0, 5).toString()).toBe('%PDF-')
  await screenshot(page, 'admin-policies-1280')
  expect(await accessibilityViolations(page)).toEqual([])

  const policies = await page.context().newPage()
  await policies.goto(`${DEMO_SITE_URL}/policies`)
  const publicCard = policies.getByRole('listitem').filter({ has: policies.getByRole('heading', { name: title }) })
  await expect(publicCard.getByText('What pupils wear at school.')).toBeVisible()
  // The card links to the policy's stable download address, which answers the current document under the title.
  await expect(publicCard.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', `/policies/${created.slug}/download`)
  await expect(publicCard.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('target', '_blank')

  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Policy' })
  await expect(editDialog.getByLabel('Title')).toHaveValue(title)
  expect(await accessibilityViolations(page, '[role="dialog"]')).toEqual([])
  await expect(editDialog.getByLabel('Description (optional)')).toHaveValue('What pupils wear at school.')
  await editDialog.getByRole('tab', { name: 'File URL' }).click()
  await expect(editDialog.getByRole('textbox', { name: 'File URL' })).toHaveValue(created.file_url!)
  const renamed = `${title} (revised)`
  await editDialog.getByLabel('Title').fill(renamed)
  await editDialog.getByRole('textbox', { name: 'File URL' }).fill('https://example.org/uniform-2027.pdf')
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, 'Policy updated successfully')).toBeVisible()
  expect(storedPolicy(renamed)).toMatchObject({ id: created.id, file_url: 'https://example.org/uniform-2027.pdf' })
  // The replaced upload stays as an older version for staff; visitors no longer get it at its file's address.
  expect((await request.get(created.file_url!)).status()).toBe(404)
  const renamedCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: renamed }) })
  await expect(renamedCard.getByRole('link', { name: /View Document/ })).toHaveAttribute('href', `/policies/${created.slug}/download`)
  const followed = await request.get(`/policies/${created.slug}/download`, { maxRedirects: 0 })
  expect(followed.headers()['location']).toBe('https://example.org/uniform-2027.pdf')

  await policies.reload()
  await expect(policies.getByRole('heading', { name: renamed })).toBeVisible()
  await expect(
    policies.getByRole('listitem').filter({ has: policies.getByRole('heading', { name: renamed }) }).getByRole('link', { name: /Download PDF/ }),
  ).toHaveAttribute('href', `/policies/${created.slug}/download`)

  await page.setViewportSize({ width: 390, height: 844 })
  await screenshot(page, 'admin-policies-390')
  await renamedCard.getByRole('button', { name: `Edit ${renamed}` }).click()
  await screenshot(page, 'admin-policy-dialog-390')
  await page.getByRole('dialog', { name: 'Edit Policy' }).getByRole('button', { name: 'Cancel' }).click()

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Are you sure you want to delete this policy?')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(storedPolicy(renamed)).toBeDefined()

  await renamedCard.getByRole('button', { name: `Delete ${renamed}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Policy deleted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0)
  expect(storedPolicy(renamed)).toBeUndefined()
  await policies.reload()
  await expect(policies.getByRole('heading', { name: 'School Policies', level: 1 })).toBeVisible()
  await expect(policies.getByRole('heading', { name: renamed })).toHaveCount(0)
  await policies.close()
})

test('deleting a policy removes its uploaded file', async ({ page, request }) => {
  const title = `Homework Policy ${Date.now()}`
  await signIn(page, await createStaffAccount(request, 'editor'))
  await page.goto('/admin/policies')
  await waitForHydration(page, 'main')
  await page.getByRole('button', { name: 'Add Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Policy' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Document File').setInputFiles(pdfFile(title))
  await dialog.getByRole('button', { name: 'Publish' }).click()
  await expect(toast(page, 'Policy created successfully')).toBeVisible()
  const fileUrl = storedPolicy(title)!.file_url!
  expect(policyFiles()).toContain(path.basename(fileUrl))

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await card.getByRole('button', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Policy deleted successfully')).toBeVisible()
  expect(storedPolicy(title)).toBeUndefined()
  expect(policyFiles()).not.toContain(path.basename(fileUrl))
  expect((await request.get(fileUrl)).status()).toBe(404)
})

test('the server refuses forged policy writes: no session, role user, invalid values and a PNG as the document change nothing', async ({ playwright, request }) => {
  const before = storedPolicies()
  const filesBefore = policyFiles()
  const target = before[0]!
  const form = { intent: 'delete', id: target.id }

  await expectRefusedWithoutRole(playwright, request, '/admin/policies', form)
  const editorSession = await staffSession(playwright, request, 'editor')
  for (const [values, message] of [
    [{ intent: 'create', title: ' ' }, 'Title is required'],
    [{ intent: 'update', id: target.id, title: 'p'.repeat(101) }, 'Title must be less than 100 characters'],
    [{ intent: 'update', id: target.id, title: 'Script', fileUrl: 'javascript:alert(1)' }, 'Must be a valid URL'],
    [{ intent: 'create', title: 'Elsewhere', fileUrl: '/files/gallery/photo.webp' }, 'Must be a valid URL'],
    [{ intent: 'drop-table' }, 'Unknown action'],
  ] as const) {
    const response = await editorSession.post('/admin/policies', { form: values, maxRedirects: 0 })
    expect(response.status(), message).toBe(400)
    expect(await response.text(), message).toContain(message)
  }

  // A real PNG, even when named and typed as a PDF, is not a document.
  const png = await pngFile()
  for (const file of [png, { ...png, name: 'policy.pdf', mimeType: 'application/pdf' }]) {
    const response = await editorSession.post('/admin/policies', {
      multipart: { intent: 'create', title: 'Scanned Policy', file },
      maxRedirects: 0,
    })
    expect(response.status(), file.name).toBe(400)
    expect(await response.text(), file.name).toContain(NOT_A_DOCUMENT)
  }

  const missing = await editorSession.post('/admin/policies', { form: { intent: 'delete', id: 'no-such-id' }, maxRedirects: 0 })
  expect(missing.status()).toBe(404)

  expect(storedPolicies()).toEqual(before)
  expect(policyFiles()).toEqual(filesBefore)
  await editorSession.dispose()
})
