import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('api/auth/*', 'routes/api/auth.ts'),
  route('api/changes', 'routes/api/changes.ts'),
  route('files/:bucket/*', 'routes/files.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
