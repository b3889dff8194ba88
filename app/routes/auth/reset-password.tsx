// Placeholder: being built in this session.
export default function Placeholder() {
  return <h1 className="text-2xl font-bold">reset-password</h1>
}
