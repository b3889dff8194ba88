export interface SchoolEvent {
  id: string
  title: string
  description: string | null
  startDate: string
  endDate: string | null
  imageUrl: string | null
}
