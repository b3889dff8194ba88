import { X } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { describedBy, FormField } from '#app/components/admin/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { chosenFile, IMAGE_ACCEPT } from '#app/lib/uploads/upload-rules.ts'

interface BlogCoverFieldProps {
  /** The post's current cover, if any. */
  currentUrl: string | null
  error?: string
}

/**
 * The optional cover: a preview of the chosen file or of the current cover,
 * and 'Remove', which clears both. A removed current cover is sent as
 * `removeCover`; the server never takes a cover address from the form.
 */
export function BlogCoverField({ currentUrl, error }: BlogCoverFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [keptUrl, setKeptUrl] = useState(currentUrl)
  const [chosenPreview, setChosenPreview] = useState<string | null>(null)
  const preview = chosenPreview ?? keptUrl

  // A data: URL, as the content security policy allows no blob: images.
  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = chosenFile(event.currentTarget.files?.[0])
    setChosenPreview(null)
    if (!file?.type.startsWith('image/')) return
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result === 'string' && fileInput.current?.files?.[0] === file) setChosenPreview(reader.result)
    }
    reader.readAsDataURL(file)
  }

  function remove() {
    setKeptUrl(null)
    setChosenPreview(null)
    const input = fileInput.current
    if (!input?.value) return
    input.value = ''
    // Tells the form (and its live validation) that the file is gone.
    input.dispatchEvent(new Event('change', { bubbles: true }))
  }

  return (
    <div className="space-y-3">
      <input type="hidden" name="removeCover" value={currentUrl && !keptUrl ? 'true' : ''} />
      <FormField id="coverFile" label="Cover Image (optional)" error={error} hint="JPEG, PNG, WebP, GIF or AVIF.">
        <Input
          ref={fileInput}
          id="coverFile"
          name="coverFile"
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={choose}
          aria-invalid={!!error}
          aria-describedby={describedBy('coverFile', error)}
        />
      </FormField>
      {preview ? (
        <div className="flex items-center gap-3">
          <img src={preview} alt="Cover preview" className="aspect-video w-40 rounded-md border object-cover" />
          <Button type="button" variant="outline" size="sm" onClick={remove}>
            <X aria-hidden />
            Remove
          </Button>
        </div>
      ) : null}
    </div>
  )
}
