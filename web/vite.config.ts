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
    // dist/.vite/manifest.json: the chunks and what each imports, which scripts/check-bundle.mjs reads to hold the
    // first load of every portal to its budget.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every screen runs, in chunks of their own: an app release leaves them cached. Nothing else is
          // grouped, so that a screen never downloads a library only other screens use.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/][^\\/]+|openapi-fetch)[\\/]/,
              priority: 2,
            },
            {
              name: 'ui-base',
              test: /node_modules[\\/](tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs)|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/]))/,
              priority: 1,
            },
            {
              // The app's own modules every portal's first screen runs (theme, session gates, basic controls, the
              // login form): one chunk rather than a dozen small ones.
              name: 'app-shell',
              test: new RegExp(
                String.raw`[\\/]src[\\/](` +
                  String.raw`lib[\\/](theme[\\/](palette|colour|fonts|document-theme)|page-title|field-check|server-errors|navigation|class-names)` +
                  String.raw`|components[\\/](ui[\\/](button|card|input|label|spinner|skeleton)|session-error|not-found-page|brand-logo|public-card-page)` +
                  String.raw`|components[\\/]auth[\\/](session-gates|login-form|branded-login-page)` +
                  String.raw`|components[\\/]portal-shell[\\/](screens|portal-brand-provider|sign-in-portal-routes)` +
                  String.raw`|features[\\/]auth[\\/]api[\\/]auth-keys` +
                  String.raw`)\.tsx?$`,
              ),
            },
          ],
        },
      },
    },
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
