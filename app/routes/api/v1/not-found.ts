import { answerUnknownPath } from '#app/services/api/handler.server.ts'

/** Any other path under /api/v1 answers in the API's own error format, not with the site's page. */
export function loader() {
  return answerUnknownPath()
}

export function action() {
  return answerUnknownPath()
}
