import type { Generated } from 'kysely'
import type { Bool, NullableTimestamp, RequiredTimestamp, Timestamp } from '../columns.ts'

export interface BlogTable {
  id: string
  slug: string
  title: string
  content: string
  excerpt: string | null
  cover_image: string | null
  published_at: Timestamp
  updated_at: Timestamp
}

export interface EventTable {
  id: string
  title: string
  description: string | null
  start_date: RequiredTimestamp
  end_date: NullableTimestamp
  image_url: string | null
  created_at: Timestamp
}

export interface PolicyTable {
  id: string
  title: string
  description: string | null
  file_url: string | null
  created_at: Timestamp
}

export interface TestimonialTable {
  id: string
  parent_name: string
  message: string
  rating: Generated<number>
  created_at: Timestamp
}

export interface GalleryImageTable {
  id: string
  title: string | null
  image_url: string
  folder: Generated<string>
  created_at: Timestamp
}

export interface GalleryFolderTable {
  id: string
  name: string
  external_use: Bool
  enabled: Bool
}

export interface ContactMessageTable {
  id: string
  name: string
  email: string
  message: string
  read: Bool
  created_at: Timestamp
}
