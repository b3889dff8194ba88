import type { Migration, MigrationProvider } from 'kysely/migration'
import type { Engine } from '../engine.ts'
import { initialSchema } from './0001-initial.ts'
import { contactThrottle } from './0002-contact-throttle.ts'
import { rateLimit } from './0004-rate-limit.ts'
import { accountSecurity } from './0005-account-security.ts'
import { signInFailures } from './0006-sign-in-failures.ts'
import { contactFormTokens } from './0007-contact-form-tokens.ts'
import { apiKeys } from './0008-api-keys.ts'
import { publishing } from './0009-publishing.ts'
import { mediaLibrary } from './0010-media-library.ts'
import { pagesMenusStaff } from './0011-pages-menus-staff.ts'
import { searchIndex } from './0012-search-index.ts'
import { alertsNotifications } from './0013-alerts-notifications.ts'
import { events } from './0014-events.ts'
import { galleryAlbums } from './0015-gallery-albums.ts'
import { policyDocuments } from './0016-policy-documents.ts'
import { staffInvitations } from './0017-staff-invitations.ts'
import { listIndexes } from './0018-list-indexes.ts'
import { growthIndexes } from './0019-growth-indexes.ts'
import { searchWords } from './0020-search-words.ts'
import { inboxCountIndex } from './0021-inbox-count-index.ts'
import { contentVersion } from './0022-content-version.ts'
import { searchPrefixes } from './0023-search-prefixes.ts'
import { blogListIndex } from './0024-blog-list-index.ts'
import { publicBlogListIndex } from './0025-public-blog-list-index.ts'
import { eventAndImageLookups } from './0026-event-and-image-lookups.ts'
import { subscriberLinkHashes } from './0027-subscriber-link-hashes.ts'
import { galleryTakenAt } from './0028-gallery-taken-at.ts'

/**
 * A static list, so migrations work inside the bundled server. Each entry is
 * given the engine, because a few column types differ (see engine.ts).
 * Append new migrations; never edit one that has shipped.
 */
export function migrationProvider(engine: Engine): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '0001-initial': initialSchema(engine),
    '0002-contact-throttle': contactThrottle(engine),
    '0004-rate-limit': rateLimit(engine),
    '0005-account-security': accountSecurity(engine),
    '0006-sign-in-failures': signInFailures(engine),
    '0007-contact-form-tokens': contactFormTokens(engine),
    '0008-api-keys': apiKeys(engine),
    '0009-publishing': publishing(engine),
    '0010-media-library': mediaLibrary(engine),
    '0011-pages-menus-staff': pagesMenusStaff(engine),
    '0012-search-index': searchIndex(engine),
    '0013-alerts-notifications': alertsNotifications(engine),
    '0014-events': events(engine),
    '0015-gallery-albums': galleryAlbums(engine),
    '0016-policy-documents': policyDocuments(engine),
    '0017-staff-invitations': staffInvitations(engine),
    '0018-list-indexes': listIndexes(),
    '0019-growth-indexes': growthIndexes(),
    '0020-search-words': searchWords(engine),
    '0021-inbox-count-index': inboxCountIndex(),
    '0022-content-version': contentVersion(engine),
    '0023-search-prefixes': searchPrefixes(engine),
    '0024-blog-list-index': blogListIndex(),
    '0025-public-blog-list-index': publicBlogListIndex(),
    '0026-event-and-image-lookups': eventAndImageLookups(),
    '0027-subscriber-link-hashes': subscriberLinkHashes(),
    '0028-gallery-taken-at': galleryTakenAt(),
  }
  return { getMigrations: () => Promise.resolve(migrations) }
}
