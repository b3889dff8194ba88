import { z } from 'zod'
import { deleteContactMessage, getContactMessage, listContactMessagesPage, setContactMessageRead, type ContactMessage } from '#app/domain/contact/contact-messages.server.ts'
import { defineCollection } from '../collection.ts'
import { timestamp } from '../fields.ts'

const READ_DESCRIPTION = 'Whether a member of staff has marked the message read, as the Contact Messages screen does.'

const item = z.object({
  id: z.string(),
  name: z.string().meta({ description: 'The sender\'s name, as typed in the contact form.' }),
  email: z.string().meta({ description: 'Where to answer the sender.' }),
  message: z.string(),
  read: z.boolean().meta({ description: READ_DESCRIPTION }),
  created_at: timestamp('When the message was sent.'),
})

const input = z.object({
  read: z.boolean({ error: 'read must be true or false' }).meta({ description: `${READ_DESCRIPTION} The only field that can be changed.` }),
})

function toItem(message: ContactMessage): z.output<typeof item> {
  return { id: message.id, name: message.name, email: message.email, message: message.message, read: message.read, created_at: message.createdAt }
}

/** Contact messages: what visitors sent through the contact form. Only the form creates them. */
export const contactMessages = defineCollection({
  name: 'contact-messages',
  title: 'Contact messages',
  description:
    'What visitors sent through the public contact form, newest first. Messages come only from the form: they can be read, marked read or unread, and deleted.',
  minimumRole: 'editor',
  item,
  input,
  filters: z.object({
    read: z
      .enum(['true', 'false'], { error: 'read must be true or false' })
      .transform((value) => value === 'true')
      .optional()
      .meta({ description: 'true lists only the messages marked read, false only the unread ones.' }),
  }),
  editable: (message) => ({ read: message.read }),
  async list({ limit, offset, filters }) {
    const page = await listContactMessagesPage({ limit, offset, read: filters.read })
    return { items: page.messages.map(toItem), total: page.total }
  },
  async read(id) {
    const message = await getContactMessage(id)
    return message ? toItem(message) : null
  },
  update: async (id, values) => toItem(await setContactMessageRead(id, values.read)),
  remove: (id) => deleteContactMessage(id),
})
