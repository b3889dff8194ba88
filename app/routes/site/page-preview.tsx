import { data } from 'react-router'

/** Placeholder while this screen is being built. */
export function loader() {
  return data(null, { status: 404 })
}

export default function Placeholder() {
  return null
}
