import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { Field, TextareaField } from '#app/components/forms/field.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { STAFF_LIMITS, staffMemberSchema } from '#app/domain/staff/staff.schema.ts'
import type { StaffMember } from '#app/domain/staff/staff.ts'
import { ItemImageField, type ItemImageWording } from '#app/components/admin/item-image-field.tsx'

const STAFF_PHOTO_WORDING: ItemImageWording = {
  field: 'photo',
  label: 'Photo (optional)',
  previewAlt: 'Photo preview',
  previewClassName: 'size-20 rounded-full',
  removeLabel: 'Remove photo',
  altLabel: 'Photo alt text',
  decorativeLabel: 'The photo is decorative (no alt text)',
  help: "Who the photo shows, for people who cannot see it: 'Mrs Patel smiling in the school library'. Required unless the photo is decorative.",
}

/** Add (no person) or edit a person of the staff directory; `departments` are offered as the department is typed. */
export function StaffDialog({ person, departments, onClose }: { person: StaffMember | null; departments: readonly string[]; onClose: () => void }) {
  return (
    <AdminFormDialog
      title={person ? 'Edit Person' : 'Add Person'}
      description="Name, job title, department, how to reach them, a few words and an optional photo."
      schema={staffMemberSchema}
      editingId={person?.id ?? null}
      onClose={onClose}
      multipart
    >
      {({ errors }) => (
        <>
          <Field id="name" name="name" label="Name" defaultValue={person?.name} error={errors.name} maxLength={STAFF_LIMITS.name} description="As pupils and parents know them: 'Mrs Amina Patel'." />
          <Field id="jobTitle" name="jobTitle" label="Job title (optional)" defaultValue={person?.jobTitle} error={errors.jobTitle} maxLength={STAFF_LIMITS.jobTitle} />
          <Field
            id="department"
            name="department"
            label="Department (optional)"
            defaultValue={person?.department}
            error={errors.department}
            maxLength={STAFF_LIMITS.department}
            list="staff-departments"
            autoComplete="off"
            description="People of one department are listed together. Without one, they are listed under 'Staff' (or 'Other staff')."
          />
          <datalist id="staff-departments">
            {departments.map((department) => (
              <option key={department} value={department} />
            ))}
          </datalist>
          <Field id="email" name="email" type="email" label="Email (optional)" defaultValue={person?.email ?? ''} error={errors.email} maxLength={STAFF_LIMITS.email} autoCapitalize="none" spellCheck={false} description="Kept for the office; shown on the site only when ticked below." />
          <div className="flex items-center gap-2">
            <input id="showEmail" name="showEmail" type="checkbox" defaultChecked={person?.showEmail ?? false} className="size-4 accent-primary" />
            <Label htmlFor="showEmail">Show the email address on the site</Label>
          </div>
          <Field id="phone" name="phone" type="tel" label="Phone (optional)" defaultValue={person?.phone ?? ''} error={errors.phone} maxLength={STAFF_LIMITS.phone} description="Shown on the site. Digits, spaces and + ( ) - only." />
          <TextareaField id="bio" name="bio" label="Bio (optional)" rows={4} defaultValue={person?.bio ?? ''} error={errors.bio} description={`A few words, plain text, up to ${STAFF_LIMITS.bio} characters.`} />
          <ItemImageField
            wording={STAFF_PHOTO_WORDING}
            currentUrl={person?.photoUrl ?? null}
            alt={person?.photoAlt ?? ''}
            decorative={person?.photoDecorative ?? false}
            focal={person?.photoFocal ?? { x: 0.5, y: 0.5 }}
            error={errors.photoFile}
            altError={errors.photoAlt}
          />
        </>
      )}
    </AdminFormDialog>
  )
}
