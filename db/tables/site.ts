import type { Bool, Json, Timestamp } from '../columns.ts'

export interface SectionTable {
  id: string
  key: string
  content: Json<Record<string, unknown>>
  updated_at: Timestamp
}

export interface ThemeTable {
  id: string
  name: string
  is_active: Bool
  colors: Json<Record<string, string>>
  section_styles: Json<Record<string, Record<string, unknown>>>
  created_at: Timestamp
}

/** Site-wide settings an admin changes (key → JSON value). */
export interface SiteSettingTable {
  key: string
  value: string
}
