export default function CalendarEvent() { return null }
