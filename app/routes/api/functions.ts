// Placeholder: being built in this session.
export function action() {
  return Response.json({ error: 'Not available yet' }, { status: 404 })
}
