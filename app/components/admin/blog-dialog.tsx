import { useRef, useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { BlogCoverField } from '#app/components/admin/blog-cover-field.tsx'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { RichTextEditor } from '#app/components/admin/rich-text-editor.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { BLOG_LIMITS, blogSchema, slugify } from '#app/domain/blog/blog.schema.ts'
import type { BlogPost } from '#app/domain/blog/blog.ts'
import type { FieldErrors } from '#app/lib/action-result.ts'

/** Add (no post) or edit a blog post, its cover preloaded. */
export function BlogDialog({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={post ? 'Edit Blog' : 'Add Blog'}
      description="Title, address, an optional excerpt, the content and an optional cover image."
      schema={blogSchema}
      editingId={post?.id ?? null}
      onClose={onClose}
      multipart
    >
      {(errors) => (
        <>
          <TitleAndSlugFields post={post} errors={errors} />
          <FormField id="excerpt" label="Excerpt (optional)" error={errors.excerpt} hint="Shown on the blog list. Left empty, the list shows the start of the content.">
            <Textarea
              id="excerpt"
              name="excerpt"
              rows={2}
              defaultValue={post?.excerpt ?? ''}
              aria-invalid={!!errors.excerpt}
              aria-describedby={describedBy('excerpt', errors.excerpt)}
            />
          </FormField>
          <ContentField defaultValue={post?.content} error={errors.content} />
          <BlogCoverField currentUrl={post?.coverImage ?? null} error={errors.coverFile} />
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
function TitleAndSlugFields({ post, errors }: { post: BlogPost | null; errors: FieldErrors }) {
  const slugInput = useRef<HTMLInputElement>(null)
  const slugFollowsTitle = useRef(!post)
  return (
    <>
      <FormField id="title" label="Title" error={errors.title} hint={`Up to ${BLOG_LIMITS.title} characters.`}>
        <Input
          id="title"
          name="title"
          defaultValue={post?.title}
          onChange={(event) => {
            if (slugFollowsTitle.current && slugInput.current) slugInput.current.value = slugify(event.currentTarget.value)
          }}
          aria-invalid={!!errors.title}
          aria-describedby={describedBy('title', errors.title)}
        />
      </FormField>
      <FormField id="slug" label="Slug" error={errors.slug} hint="The post's address: /blogs/your-slug. Lowercase letters, numbers and hyphens.">
        <Input
          ref={slugInput}
          id="slug"
          name="slug"
          defaultValue={post?.slug}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            slugFollowsTitle.current = event.currentTarget.value === ''
          }}
          aria-invalid={!!errors.slug}
          aria-describedby={describedBy('slug', errors.slug)}
        />
      </FormField>
    </>
  )
}

const checkContent = (html: string) => blogSchema.shape.content.safeParse(html).error?.issues[0]?.message

/**
 * The editor is not a form control, so the form's live check does not see it
 * change: once a message is shown, edits re-check the content here.
 */
function ContentField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const [shownError, setShownError] = useState(error)
  const [editedHtml, setEditedHtml] = useState<string | null>(null)
  if (error !== shownError) {
    setShownError(error)
    setEditedHtml(null)
  }
  const message = error && editedHtml !== null ? checkContent(editedHtml) : error
  return (
    <div className="space-y-2">
      <Label id="content-label">Content</Label>
      <RichTextEditor
        id="content"
        name="content"
        defaultValue={defaultValue}
        labelledBy="content-label"
        withImages
        invalid={!!message}
        describedBy={describedBy('content', message)}
        onChange={(html) => setEditedHtml(html)}
      />
      {message ? (
        <p id="content-error" className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  )
}
