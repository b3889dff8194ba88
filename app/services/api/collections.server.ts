import type { Collection } from './collection.ts'
import { alerts } from './collections/alerts.server.ts'
import { contactMessages } from './collections/contact-messages.server.ts'
import { events } from './collections/events.server.ts'
import { eventCategories } from './collections/event-categories.server.ts'
import { galleryFolders } from './collections/gallery-folders.server.ts'
import { galleryImages } from './collections/gallery-images.server.ts'
import { policies } from './collections/policies.server.ts'
import { media } from './collections/media.server.ts'
import { menus } from './collections/menus.server.ts'
import { pages } from './collections/pages.server.ts'
import { posts } from './collections/posts.server.ts'
import { sections } from './collections/sections.server.ts'
import { staff } from './collections/staff.server.ts'
import { testimonials } from './collections/testimonials.server.ts'
import { themes } from './collections/themes.server.ts'
import { users } from './collections/users.server.ts'

/**
 * The content API's collections, in the reference's order. Adding one is a
 * file in `collections/` (see `posts.server.ts`) and a line here.
 */
export const COLLECTIONS: readonly Collection[] = [posts, pages, events, policies, testimonials, staff, galleryImages, galleryFolders, media, sections, contactMessages, users, themes, menus, alerts, eventCategories]

export function findCollection(name: string): Collection | undefined {
  return COLLECTIONS.find((collection) => collection.name === name)
}
