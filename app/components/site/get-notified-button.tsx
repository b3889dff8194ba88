/** The 'Get notified' button for browser and phone notifications. (Filled in by the push work.) */
export function GetNotifiedButton() {
  return null
}
