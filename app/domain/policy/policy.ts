import type { PublishStatus } from '#db/tables/content.ts'

/** A policy's category, as the filters and cards show it. */
export interface PolicyCategory {
  id: string
  name: string
  slug: string
  position: number
}

/** A policy as pages show it; a plain module, so components can name the type. */
export interface Policy {
  id: string
  status: PublishStatus
  title: string
  /** The stable address: /policies/{slug}. */
  slug: string
  description: string | null
  fileUrl: string | null
  category: PolicyCategory | null
  /** 'YYYY-MM-DD', or null when no review is planned. */
  reviewDate: string | null
  createdAt: string
  updatedAt: string
}

/** One document a policy was given; the newest is its current one. */
export interface PolicyVersion {
  id: string
  policyId: string
  fileUrl: string
  /** The uploaded file's name; null for a link elsewhere. */
  fileName: string | null
  size: number | null
  contentType: string | null
  createdAt: string
  /** True for the document the policy shows now. */
  current: boolean
}

/** How long before its review date a policy counts as due, and its reminder goes out (docs/product-rules.md#policies). */
export const REVIEW_NOTICE_DAYS = 30

const DAY_MS = 24 * 60 * 60 * 1000

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** 'overdue' once the review date has passed, 'due' within the notice period before it, else null. */
export function reviewState(reviewDate: string | null, today: string): 'overdue' | 'due' | null {
  if (!reviewDate) return null
  if (reviewDate < today) return 'overdue'
  return reviewDate <= addDays(today, REVIEW_NOTICE_DAYS) ? 'due' : null
}

/** The stable addresses of a policy, its page and its current document. */
export function policyPath(slug: string): string {
  return `/policies/${slug}`
}

export function policyDownloadPath(slug: string): string {
  return `/policies/${slug}/download`
}

/** '1.2 MB', '340 KB': a file's size as people read it. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null) return ''
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
