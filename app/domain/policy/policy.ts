import type { PublishStatus } from '#db/tables/content.ts'

/** A policy as pages show it; a plain module, so components can name the type. */
export interface Policy {
  id: string
  status: PublishStatus
  title: string
  description: string | null
  fileUrl: string | null
  createdAt: string
}
