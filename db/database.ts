import type { AccountTable, ApiKeyTable, PasskeyTable, SessionTable, TwoFactorTable, UserTable, VerificationTable } from './tables/auth.ts'
import type {
  BlogTable,
  ContactMessageTable,
  EventCategoryTable,
  EventTable,
  GalleryFolderTable,
  GalleryImageTable,
  MediaTable,
  PolicyCategoryTable,
  PolicyTable,
  PolicyVersionTable,
  RevisionTable,
  TestimonialTable,
} from './tables/content.ts'
import type { MenuItemTable, PageTable, StaffMemberTable } from './tables/navigation.ts'
import type { AlertTable, OutboxMessageTable, PushSubscriptionTable, SubscriberTable } from './tables/notifications.ts'
import type { ProfileTable, StaffInvitationTable, UserRoleTable } from './tables/people.ts'
import type { SearchIndexTable } from './tables/search.ts'
import type { SectionTable, SiteSettingTable, ThemeTable } from './tables/site.ts'
import type { ContactThrottleTable, ContactUsedTokenTable, RateLimitTable, SignInFailureTable } from './tables/throttle.ts'

export interface Database {
  user: UserTable
  session: SessionTable
  account: AccountTable
  verification: VerificationTable
  profiles: ProfileTable
  user_roles: UserRoleTable
  sections: SectionTable
  themes: ThemeTable
  blogs: BlogTable
  events: EventTable
  event_categories: EventCategoryTable
  policies: PolicyTable
  testimonials: TestimonialTable
  gallery: GalleryImageTable
  gallery_folders: GalleryFolderTable
  media: MediaTable
  contact_messages: ContactMessageTable
  contact_throttle: ContactThrottleTable
  contact_used_tokens: ContactUsedTokenTable
  rateLimit: RateLimitTable
  twoFactor: TwoFactorTable
  passkey: PasskeyTable
  site_settings: SiteSettingTable
  sign_in_failures: SignInFailureTable
  apikey: ApiKeyTable
  revisions: RevisionTable
  pages: PageTable
  menu_items: MenuItemTable
  staff_members: StaffMemberTable
  search_index: SearchIndexTable
  alerts: AlertTable
  subscribers: SubscriberTable
  push_subscriptions: PushSubscriptionTable
  outbox_messages: OutboxMessageTable
  staff_invitations: StaffInvitationTable
  policy_categories: PolicyCategoryTable
  policy_versions: PolicyVersionTable
}

export type TableName = keyof Database
