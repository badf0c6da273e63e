/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/**
 * Ships the API reference at /api-docs/: Swagger UI from the swagger-ui-dist
 * npm package (nothing is downloaded at build or run time) reading the
 * server's /api/openapi.json.
 */
function apiDocs(): Plugin {
  const dist = path.resolve(import.meta.dirname, 'node_modules/swagger-ui-dist')
  const page = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API | RoboForge</title>
    <link rel="stylesheet" href="./swagger-ui.css" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="./swagger-ui-bundle.js"></script>
    <script src="./init.js"></script>
  </body>
</html>
`
  // A file, not an inline script: the Content-Security-Policy allows no inline script.
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, withCredentials: true })\n`
  return {
    name: 'roboforge-api-docs',
    apply: 'build',
    generateBundle() {
      for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
        this.emitFile({ type: 'asset', fileName: `api-docs/${file}`, source: readFileSync(path.join(dist, file)) })
      }
      this.emitFile({ type: 'asset', fileName: 'api-docs/index.html', source: page })
      this.emitFile({ type: 'asset', fileName: 'api-docs/init.js', source: init })
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), apiDocs()],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: process.env.RF_API_URL ?? 'http://localhost:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 20_000,
  },
})
