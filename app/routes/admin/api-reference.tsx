import { ArrowLeft, FileJson } from 'lucide-react'
import { Link } from 'react-router'
import { AdminPageHeader } from '#app/components/admin/admin-page-header.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import type { HttpMethod, JsonSchema, OpenApiDocument, OpenApiOperation } from '#app/services/api/openapi-types.ts'
import { openApiDocument } from '#app/services/api/openapi.server.ts'
import { requireStaff } from '#app/services/permissions.server.ts'
import type { Route } from './+types/api-reference.ts'

export function loader({ context }: Route.LoaderArgs) {
  requireStaff(context, 'admin')
  return { document: openApiDocument() }
}

export const meta: Route.MetaFunction = () => [{ title: 'API Reference | Admin Panel' }]

const METHODS: HttpMethod[] = ['get', 'post', 'patch', 'delete']

function resolve(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '')
  return name ? document.components.schemas[name] : schema
}

/** "string", "string or null", "file or null", "integer"; a typed schema whose anyOf lists its shapes is its type ("object"). */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf && !schema.type) return schema.anyOf.map(typeOf).join(' or ')
  if (schema.format === 'binary') return 'file'
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any']
  return types.map((type) => (type === 'string' && schema.format === 'date-time' ? 'date-time' : type)).join(' or ')
}

function limitsOf(schema: JsonSchema): string {
  const limits: string[] = []
  if (schema.minLength !== undefined) limits.push(`at least ${schema.minLength} ${schema.minLength === 1 ? 'character' : 'characters'}`)
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength.toLocaleString('en')} characters`)
  if (schema.pattern) limits.push(`matches ${schema.pattern}`)
  return limits.join('; ')
}

function exampleCurl(document: OpenApiDocument, { path, method }: { path: string; method: HttpMethod }, input: JsonSchema | undefined) {
  const server = document.servers[0]?.url ?? ''
  const fields = input?.required ?? Object.keys(input?.properties ?? {}).slice(0, 1)
  const example = Object.fromEntries(fields.map((name) => [name, `<${name}>`]))
  return [`curl -X ${method.toUpperCase()} '${server}${path}' \\`, `  -H "Authorization: Bearer $API_KEY" \\`, `  -H 'Content-Type: application/json' \\`, `  -d '${JSON.stringify(example)}'`].join('\n')
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { document } = loaderData
  const collections = document.tags.filter((tag) => tag.name !== 'reference')
  return (
    <>
      <AdminPageHeader
        title="API Reference"
        description={`${document.info.title}, version ${document.info.version}. Base address: ${document.servers[0]?.url ?? ''}`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin/api-keys">
                <ArrowLeft aria-hidden />
                API Keys
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a href="/api/v1/openapi.json">
                <FileJson aria-hidden />
                OpenAPI document
              </a>
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Authentication, limits and errors</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {document.info.description.split('\n\n').map((paragraph) => (
              <p key={paragraph}>
                <WithCode text={paragraph} />
              </p>
            ))}
            <p>
              Lists take <code className="font-mono">?page</code> (from 1) and <code className="font-mono">?per_page</code> (20 unless given, at most 100) and answer{' '}
              <code className="font-mono">{'{ data, page, per_page, total }'}</code>.
            </p>
          </CardContent>
        </Card>
        {collections.map((tag) => {
          const collectionPath = `/${tag.name}`
          const paths = Object.keys(document.paths).filter((path) => path === collectionPath || path.startsWith(`${collectionPath}/{`))
          const operations = paths.flatMap((path) =>
            METHODS.flatMap((method) => {
              const operation = document.paths[path]?.[method]
              return operation ? [{ path, method, operation }] : []
            }),
          )
          // A collection that cannot be created (sections) is written by PATCH.
          const write = operations.find(({ method }) => method === 'post') ?? operations.find(({ method }) => method === 'patch')
          const writeBody = write?.operation.requestBody?.content
          const input = resolve(document, writeBody?.['multipart/form-data']?.schema ?? writeBody?.['application/json']?.schema)
          const read = operations.find(({ method, path }) => method === 'get' && path !== collectionPath)
          const item = resolve(document, read ? responseSchema(read.operation) : undefined)
          return (
            <Card key={tag.name}>
              <CardHeader>
                <CardTitle>
                  <h2 className="font-mono">{collectionPath}</h2>
                </CardTitle>
                <p className="text-sm text-muted-foreground">{tag.description}</p>
              </CardHeader>
              <CardContent className="space-y-6">
                <ul className="space-y-1 text-sm">
                  {operations.map(({ path, method, operation }) => (
                    <li key={`${method} ${path}`} className="flex flex-wrap items-center gap-2">
                      <Badge variant="outline" className="w-16 justify-center font-mono uppercase">
                        {method}
                      </Badge>
                      <code className="font-mono">{path}</code>
                      <span className="text-muted-foreground">
                        {operation.summary} (role {operation['x-minimum-role']} or higher)
                      </span>
                    </li>
                  ))}
                </ul>
                {input ? <FieldsTable title="Fields you send" schema={input} /> : null}
                {item ? <FieldsTable title="Fields of a stored item" schema={item} /> : null}
                <div className="space-y-2">
                  <h3 className="font-semibold">Example</h3>
                  <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">{write ? exampleCurl(document, write, resolve(document, writeBody?.['application/json']?.schema)) : null}</pre>
                </div>
              </CardContent>
            </Card>
          )
        })}
      </div>
    </>
  )
}

function responseSchema(operation: OpenApiOperation): JsonSchema | undefined {
  const answer = operation.responses['201'] ?? operation.responses['200']
  return answer && 'content' in answer ? answer.content?.['application/json']?.schema : undefined
}

function FieldsTable({ title, schema }: { title: string; schema: JsonSchema }) {
  const required = new Set(schema.required ?? [])
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      <div className="rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Required</TableHead>
              <TableHead>Limits</TableHead>
              <TableHead>About</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {Object.entries(schema.properties ?? {}).map(([name, field]) => (
              <TableRow key={name}>
                <TableCell className="font-mono">{name}</TableCell>
                <TableCell>{typeOf(field)}</TableCell>
                <TableCell>{required.has(name) ? 'yes' : 'no'}</TableCell>
                <TableCell className="max-w-48 text-xs break-words whitespace-normal">{limitsOf(field)}</TableCell>
                <TableCell className="min-w-64 text-sm whitespace-normal text-muted-foreground">{field.description ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  )
}

/** A description's `code` spans (the OpenAPI document's Markdown) shown as code, the rest as text. */
function WithCode({ text }: { text: string }) {
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="font-mono break-all">
        {part}
      </code>
    ) : (
      part
    ),
  )
}
