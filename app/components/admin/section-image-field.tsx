import { Upload } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { IMAGE_ACCEPT, UPLOAD_MESSAGES } from '#app/lib/uploads/upload-rules.ts'
import { toast } from '#app/components/ui/sonner.tsx'
import { showErrorToast } from '#app/lib/error-toast.ts'
import { describedBy, FormField } from './form-field.tsx'

type UploadAnswer = { ok: true; message: string; url: string } | { ok: false; error: string }

interface SectionImageFieldProps {
  label: string
  value: string
  onChange: (url: string) => void
  error?: string
  /** Field name for focusing and messages, e.g. 'slides.0.image'. */
  name: string
}

/**
 * An image as a URL, typed or uploaded (spec §5: 'Must be a valid URL';
 * 'Please select an image file'). The upload is checked and stored by the
 * Sections action, which answers the new file's address.
 */
export function SectionImageField({ label, value, onChange, error, name }: SectionImageFieldProps) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const uploader = useFetcher<UploadAnswer>()
  const uploading = uploader.state !== 'idle'
  const latestOnChange = useRef(onChange)
  useEffect(() => {
    latestOnChange.current = onChange
  })
  useEffect(() => {
    const answer = uploader.data
    if (uploader.state !== 'idle' || !answer) return
    if (answer.ok) {
      latestOnChange.current(answer.url)
      toast.success(answer.message)
    } else {
      showErrorToast(answer.error)
    }
  }, [uploader.state, uploader.data])

  function upload(file: File | undefined) {
    if (!file) return
    if (!file.type.startsWith('image/')) return showErrorToast(UPLOAD_MESSAGES.notAnImage)
    const form = new FormData()
    form.set('intent', 'upload-image')
    form.set('image', file)
    void uploader.submit(form, { method: 'post', encType: 'multipart/form-data' })
  }

  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex gap-2">
        {/^(https?:\/\/|\/files\/)\S+$/.test(value) ? <img src={value} alt="" className="size-10 shrink-0 rounded border object-cover" /> : null}
        <Input id={id} name={name} value={value} onChange={(event) => onChange(event.currentTarget.value)} placeholder="https://… or upload" aria-invalid={!!error} aria-describedby={describedBy(id, error)} />
        <Button type="button" variant="outline" disabled={uploading} onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden />
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label={`Upload ${label}`}
          onChange={(event) => {
            upload(event.currentTarget.files?.[0])
            event.currentTarget.value = ''
          }}
        />
      </div>
    </FormField>
  )
}
