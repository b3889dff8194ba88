import type { PublishStatus } from '#db/tables/content.ts'

export interface SchoolEvent {
  id: string
  status: PublishStatus
  title: string
  description: string | null
  startDate: string
  endDate: string | null
  imageUrl: string | null
}
