import { Bell } from 'lucide-react'
import { useState } from 'react'
import { AdminFormDialog } from '#app/components/admin/admin-form-dialog.tsx'
import { TextareaField } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { OFFICE_ADDRESS_LIMIT, officeAddressesSchema } from '#app/domain/contact/office-notifications.schema.ts'

/** The admin's 'Notifications' button on the Contact Messages screen, and its dialog: the office addresses each new message is mailed to. */
export function OfficeNotificationsButton({ addresses }: { addresses: readonly string[] }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Bell aria-hidden />
        Notifications
        <span className="text-muted-foreground">({addresses.length})</span>
      </Button>
      {open ? (
        <AdminFormDialog
          title="Notifications"
          description="Each new contact message is e-mailed to the office addresses, with Reply-To set to the sender. Editors and admins can also ask for these mails in their own account."
          schema={officeAddressesSchema}
          editingId={null}
          intent="office-addresses"
          onClose={() => setOpen(false)}
        >
          {({ errors }) => (
            <TextareaField
              id="office-addresses"
              name="addresses"
              label="Office addresses"
              rows={4}
              defaultValue={addresses.join('\n')}
              placeholder="office@school.example"
              description={`One address per line, at most ${OFFICE_ADDRESS_LIMIT}. Leave empty to send none.`}
              error={errors.addresses}
            />
          )}
        </AdminFormDialog>
      ) : null}
    </>
  )
}
