import { useRef } from 'react'
import { AdminFormDialog, type DialogForm } from '#app/components/admin/admin-form-dialog.tsx'
import { BlogCoverField } from '#app/components/admin/blog-cover-field.tsx'
import { PublishDateField, PublishingButtons, usePublishDate } from '#app/components/admin/publishing-controls.tsx'
import { RichTextEditor } from '#app/components/admin/rich-text-editor.tsx'
import { Field, FieldFrame, TextareaField } from '#app/components/forms/field.tsx'
import { BLOG_LIMITS, blogSchema, slugify } from '#app/domain/blog/blog.schema.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'

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
          <TitleAndSlugFields post={post} restored={form.restored} errors={form.errors} />
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
          <BlogCoverField currentUrl={post?.coverImage ?? null} alt={post?.coverAlt ?? ''} decorative={post?.coverDecorative ?? false} focal={post?.coverFocal ?? { x: 0.5, y: 0.5 }} error={form.errors.coverFile} altError={form.errors.coverAlt} />
          <PublishDateField publishDate={publishDate} restored={form.restored?.publishAt} error={form.errors.publishAt ?? form.errors.publishedAt} />
        </>
      )}
    </AdminFormDialog>
  )
}

/**
 * The slug follows the title while a new post is typed, until the editor types
 * a slug of their own (emptying it lets it follow again). An existing post
 * keeps its slug, so links to it keep working unless the editor changes it.
 * The slug is written straight into its input, so the form's live check sees it.
 */
function TitleAndSlugFields({ post, restored, errors }: { post: BlogPost | null; restored: Record<string, string> | null; errors: FieldErrors }) {
  const slugInput = useRef<HTMLInputElement>(null)
  const slugFollowsTitle = useRef(!post && !restored?.slug)
  return (
    <>
      <Field
        id="title"
        name="title"
        label="Title"
        defaultValue={restored?.title ?? post?.title}
        error={errors.title}
        description={`Up to ${BLOG_LIMITS.title} characters.`}
        onChange={(event) => {
          if (slugFollowsTitle.current && slugInput.current) slugInput.current.value = slugify(event.currentTarget.value)
        }}
      />
      <Field
        ref={slugInput}
        id="slug"
        name="slug"
        label="Slug"
        defaultValue={restored?.slug ?? post?.slug}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.slug}
        description="The post's address: /blogs/your-slug. Lowercase letters, numbers and hyphens."
        onChange={(event) => {
          slugFollowsTitle.current = event.currentTarget.value === ''
        }}
      />
    </>
  )
}

/** The editor is no form control: its edits reach the form's live check through `revalidate`. */
function ContentField({ defaultValue, form }: { defaultValue?: string; form: DialogForm }) {
  return (
    <FieldFrame id="content" label="Content" error={form.errors.content} labelFor={false}>
      {(control) => (
        <RichTextEditor
          id={control.id}
          name="content"
          defaultValue={defaultValue}
          labelledBy="content-label"
          withImages
          invalid={control['aria-invalid']}
          describedBy={control['aria-describedby']}
          onChange={(html) => form.revalidate({ content: html })}
        />
      )}
    </FieldFrame>
  )
}
