import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { precompressAssets } from './scripts/build/precompress-assets.ts'

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  buildEnd: ({ reactRouterConfig }) => precompressAssets(path.join(reactRouterConfig.buildDirectory, 'client', 'assets')),
} satisfies Config
