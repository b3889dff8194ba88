/** A testimonial as pages show it; a plain module, so components can name the type. */
export interface Testimonial {
  id: string
  parentName: string
  message: string
  rating: number
  createdAt: string
}
