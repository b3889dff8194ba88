import { openApiDocument } from '#app/services/api/openapi.server.ts'

/** The content API's OpenAPI 3.1 document, built from the collections' schemas. Public: it describes, it grants nothing. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'no-cache' } })
}
