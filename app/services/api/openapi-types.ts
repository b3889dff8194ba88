/** The parts of an OpenAPI 3.1 document this site writes and its reference page reads. */
export interface JsonSchema {
  type?: string | string[]
  format?: string
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  default?: unknown
  $ref?: string
  [keyword: string]: unknown
}

export interface OpenApiParameter {
  name: string
  in: 'path' | 'query'
  required?: boolean
  description?: string
  schema: JsonSchema
}

export interface OpenApiMedia {
  schema: JsonSchema
  example?: unknown
}

export interface OpenApiOperation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security?: Record<string, string[]>[]
  parameters?: OpenApiParameter[]
  requestBody?: { required: boolean; content: Record<string, OpenApiMedia> }
  responses: Record<string, { description: string; content?: Record<string, OpenApiMedia>; $ref?: string } | { $ref: string }>
  /** The smallest role the key must act with. */
  'x-minimum-role'?: string
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete'

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>
  components: {
    schemas: Record<string, JsonSchema>
    responses: Record<string, { description: string; content: Record<string, OpenApiMedia> }>
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>
  }
  security: Record<string, string[]>[]
}
