import { EditorAddToMenu } from '#app/components/admin/add-to-menu-button.tsx'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { COVER_IMAGE_WORDING, ItemImageField } from '#app/components/admin/item-image-field.tsx'
import { PublishDateField, PublishingButtons, usePublishDate } from '#app/components/admin/publishing-controls.tsx'
import { ContentField, TitleAndSlugFields } from '#app/components/admin/publishable-fields.tsx'
import { SelectField } from '#app/components/forms/choice-fields.tsx'
import { TextareaField } from '#app/components/forms/field.tsx'
import { NO_PARENT, PAGE_LIMITS, pageSchema } from '#app/domain/page/page.schema.ts'
import type { Page } from '#app/domain/page/page.ts'
import type { MenuName } from '#db/tables/navigation.ts'

/**
 * Add (no page) or edit one of the school's pages. The parent select offers
 * only top-level pages other than this one: pages nest one level. A saved
 * page can be added to a menu from here, without saving the form.
 */
export function PageDialog({
  page,
  inMenus = [],
  topLevelPages,
  onClose,
}: {
  page: Page | null
  /** The menus the page is in already. */
  inMenus?: readonly MenuName[]
  topLevelPages: readonly Pick<Page, 'id' | 'title'>[]
  onClose: () => void
}) {
  const publishDate = usePublishDate(page)
  const parents = topLevelPages.filter((candidate) => candidate.id !== page?.id)
  return (
    <AdminFormDialog
      title={page ? 'Edit Page' : 'New Page'}
      description="Title, address, where it sits, the content, an optional cover image and when it is published."
      schema={pageSchema}
      editingId={page?.id ?? null}
      onClose={onClose}
      multipart
      localDraftKey={`page:${page?.id ?? 'new'}`}
      submitButtons={(saving) => <PublishingButtons labels={publishDate.labels} saving={saving} />}
    >
      {(form) => (
        <>
          <TitleAndSlugFields
            subject="pages"
            item={page}
            restored={form.restored}
            errors={form.errors}
            titleMax={PAGE_LIMITS.title}
            slugDescription="The page's address: /your-slug, or /parent-slug/your-slug under a parent. Lowercase letters, numbers and hyphens; left empty, it is made from the title."
          />
          <SelectField
            id="parentId"
            name="parentId"
            label="Parent page"
            defaultValue={form.restored?.parentId ?? page?.parentId ?? NO_PARENT}
            error={form.errors.parentId}
            description="A page under a parent is shown at the parent's address followed by its own. Pages nest one level."
            options={[{ value: NO_PARENT, label: 'None (top-level page)' }, ...parents.map((parent) => ({ value: parent.id, label: parent.title }))]}
          />
          <TextareaField
            id="seoDescription"
            name="seoDescription"
            label="SEO description (optional)"
            rows={2}
            defaultValue={form.restored?.seoDescription ?? page?.seoDescription ?? ''}
            error={form.errors.seoDescription}
            description={`Shown by search engines and link previews, up to ${PAGE_LIMITS.seoDescription} characters. Left empty, the start of the content is used.`}
          />
          <ContentField defaultValue={form.restored?.content ?? page?.content} form={form} />
          <ItemImageField
            wording={COVER_IMAGE_WORDING}
            currentUrl={page?.coverImage ?? null}
            alt={page?.coverAlt ?? ''}
            decorative={page?.coverDecorative ?? false}
            focal={page?.coverFocal ?? { x: 0.5, y: 0.5 }}
            error={form.errors.coverFile}
            altError={form.errors.coverAlt}
          />
          <PublishDateField publishDate={publishDate} restored={form.restored?.publishAt} error={form.errors.publishAt ?? form.errors.publishedAt} />
          {page ? <EditorAddToMenu page={page} inMenus={inMenus} /> : null}
        </>
      )}
    </AdminFormDialog>
  )
}
