import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  // The server build's entry is our Express app (server/app.ts), which mounts
  // React Router's request handler and runs start-up work (see server.js).
  environments: {
    ssr: { build: { rollupOptions: { input: './server/app.ts' } } },
  },
  plugins: [tailwindcss(), reactRouter()],
})
