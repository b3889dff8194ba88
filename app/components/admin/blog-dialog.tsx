import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { COVER_IMAGE_WORDING, ItemImageField } from '#app/components/admin/item-image-field.tsx'
import { PublishDateField, PublishingButtons, usePublishDate } from '#app/components/admin/publishing-controls.tsx'
import { ContentField, TitleAndSlugFields } from '#app/components/admin/publishable-fields.tsx'
import { TextareaField } from '#app/components/forms/field.tsx'
import { BLOG_LIMITS, blogSchema } from '#app/domain/blog/blog.schema.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'

/** Add (no post) or edit a blog post, its cover preloaded. */
export function BlogDialog({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  const publishDate = usePublishDate(post)
  return (
    <AdminFormDialog
      title={post ? 'Edit Blog' : 'Add Blog'}
      description="Title, address, an optional excerpt, the content, an optional cover image and when it is published."
      schema={blogSchema}
      editingId={post?.id ?? null}
      onClose={onClose}
      multipart
      localDraftKey={`blog:${post?.id ?? 'new'}`}
      submitButtons={(saving) => <PublishingButtons labels={publishDate.labels} saving={saving} />}
    >
      {(form) => (
        <>
          <TitleAndSlugFields
            subject="blogs"
            item={post}
            restored={form.restored}
            errors={form.errors}
            titleMax={BLOG_LIMITS.title}
            slugDescription="The post's address: /blogs/your-slug. Lowercase letters, numbers and hyphens."
          />
          <TextareaField
            id="excerpt"
            name="excerpt"
            label="Excerpt (optional)"
            rows={2}
            defaultValue={form.restored?.excerpt ?? post?.excerpt ?? ''}
            error={form.errors.excerpt}
            description="Shown on the blog list. Left empty, the list shows the start of the content."
          />
          <ContentField defaultValue={form.restored?.content ?? post?.content} form={form} />
          <ItemImageField wording={COVER_IMAGE_WORDING} currentUrl={post?.coverImage ?? null} alt={post?.coverAlt ?? ''} decorative={post?.coverDecorative ?? false} focal={post?.coverFocal ?? { x: 0.5, y: 0.5 }} error={form.errors.coverFile} altError={form.errors.coverAlt} />
          <PublishDateField publishDate={publishDate} restored={form.restored?.publishAt} error={form.errors.publishAt ?? form.errors.publishedAt} />
        </>
      )}
    </AdminFormDialog>
  )
}
