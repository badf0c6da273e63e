#!/usr/bin/env node
// First-load budgets of the web app (issue 27), from a built web/dist and its
// Vite manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts).
//
//   node scripts/check-bundle.mjs [web/dist] [--verbose]
//
// For each screen below: the gzip size (level 9, each file on its own, as the
// server sends them) of the JavaScript and CSS its first render needs: the entry
// chunk (index.html's script and stylesheet) and its static imports, then each
// module the screen loads lazily on the way (the portal, the theme's font, the
// login page or the signed-in screens and the page), each with its static
// imports and their CSS, transitively, as Vite's preloading fetches them. A lazy
// module counts only if a chunk already counted imports it dynamically: the
// chain is the app's own, not a list of files. A module the manifest no longer
// has (renamed, or now bundled statically) is an error, never a screen that
// silently got smaller. With --verbose, each screen's files, and what its chunks
// could load lazily but are not counted (later screens, dialogs, the toaster):
// a lazy load the first render does need belongs in the screen's list below.
//
// Prints a table; exits 1 when a screen is over its budget or a screen cannot
// be followed, 2 when there is no build to read.

import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

// kB as Vite's build report counts them: 1000 bytes.
const KB = 1000
const LOGIN_BUDGET = 150 * KB
const FIRST_SCREEN_BUDGET = 250 * KB

// The portals' own look loads Inter (src/lib/theme/fonts.ts) on every first render.
const font = 'src/lib/theme/fonts/inter.css'

/** Each screen: the modules (manifest keys) loaded lazily for its first render, in the order they are loaded. */
const screens = [
  {
    name: 'admin: login (/auth)',
    budget: LOGIN_BUDGET,
    lazy: ['src/portals/admin/admin-portal.tsx', font, 'src/portals/admin/admin-login-page.tsx'],
  },
  {
    name: 'admin: dashboard (/)',
    budget: FIRST_SCREEN_BUDGET,
    lazy: ['src/portals/admin/admin-portal.tsx', font, 'src/portals/admin/admin-signed-in.tsx', 'src/portals/admin/pages/dashboard-page.tsx'],
  },
  {
    name: 'tenant owner: login (/login)',
    budget: LOGIN_BUDGET,
    lazy: ['src/portals/tenant/tenant-portal.tsx', font, 'src/portals/tenant/tenant-login-page.tsx'],
  },
  {
    name: 'tenant owner: dashboard (/dashboard)',
    budget: FIRST_SCREEN_BUDGET,
    lazy: ['src/portals/tenant/tenant-portal.tsx', font, 'src/portals/tenant/tenant-signed-in.tsx', 'src/portals/tenant/pages/dashboard-page.tsx'],
  },
  {
    name: 'client: login (/login)',
    budget: LOGIN_BUDGET,
    lazy: ['src/portals/client/client-portal.tsx', font, 'src/portals/client/client-login-page.tsx'],
  },
  {
    name: 'client: dashboard (/dashboard)',
    budget: FIRST_SCREEN_BUDGET,
    lazy: ['src/portals/client/client-portal.tsx', font, 'src/portals/client/client-signed-in.tsx', 'src/portals/client/pages/dashboard-page.tsx'],
  },
  {
    name: 'client: robots (/robots)',
    budget: FIRST_SCREEN_BUDGET,
    lazy: ['src/portals/client/client-portal.tsx', font, 'src/portals/client/client-signed-in.tsx', 'src/portals/client/pages/robots-page.tsx'],
  },
]

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const dist = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'web/dist')
const manifestPath = path.join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`check-bundle: no ${manifestPath}: build the web app first (cd web && npm run build)`)
  process.exit(2)
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
if (entries.length !== 1) {
  console.error(`check-bundle: expected one entry in the manifest, found ${entries.length} (${entries.join(', ')})`)
  process.exit(2)
}

const sizes = new Map()
/** Raw and gzip bytes of one file of dist. */
function sizeOf(file) {
  let size = sizes.get(file)
  if (!size) {
    const bytes = readFileSync(path.join(dist, file))
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
    sizes.set(file, size)
  }
  return size
}

/** Adds `key`'s chunk, its CSS and its static imports (transitively) to `chunks` and `files`. */
function addStatic(key, chunks, files) {
  if (chunks.has(key)) return
  const chunk = manifest[key]
  if (!chunk) throw new Error(`${key}: not in the manifest`)
  chunks.add(key)
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) addStatic(imported, chunks, files)
}

/**
 * Whether chunk `loaded` imports `key` lazily: the manifest says so, or, for a stylesheet imported on its own (which
 * the bundler turns into a preload of the file, not a chunk), the chunk's code names the file.
 */
function loadsLazily(loaded, key) {
  if (manifest[loaded].dynamicImports?.includes(key)) return true
  const { file } = manifest[loaded]
  const target = manifest[key].file
  return target.endsWith('.css') && file.endsWith('.js') && readFileSync(path.join(dist, file), 'utf8').includes(path.basename(target))
}

function measure(screen) {
  const chunks = new Set()
  const files = new Set()
  addStatic(entries[0], chunks, files)
  for (const key of screen.lazy) {
    if (!manifest[key]) {
      throw new Error(`${key} is not a chunk of its own in this build (renamed, or no longer loaded lazily): update the screen table in scripts/check-bundle.mjs`)
    }
    if (![...chunks].some((loaded) => loadsLazily(loaded, key))) {
      throw new Error(`${key} is not imported lazily by the chunks loaded before it: update the screen table in scripts/check-bundle.mjs`)
    }
    addStatic(key, chunks, files)
  }
  const total = { js: 0, css: 0, raw: 0 }
  for (const file of files) {
    const size = sizeOf(file)
    total[file.endsWith('.css') ? 'css' : 'js'] += size.gzip
    total.raw += size.raw
  }
  // What the counted chunks could still load lazily (other routes, dialogs, the toaster…): listed with --verbose, so
  // that a lazy load the first render does need shows up, to add to the screen's table.
  const notLoaded = [...new Set([...chunks].flatMap((key) => manifest[key].dynamicImports ?? []))].filter((key) => !chunks.has(key)).sort()
  return { ...total, gzip: total.js + total.css, files: [...files].sort(), notLoaded }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`
const rows = []
let failed = false
for (const screen of screens) {
  try {
    const size = measure(screen)
    const over = size.gzip > screen.budget
    failed ||= over
    rows.push({ screen: screen.name, ...size, budget: screen.budget, status: over ? 'OVER' : 'ok' })
  } catch (error) {
    failed = true
    rows.push({ screen: screen.name, error: error instanceof Error ? error.message : String(error) })
  }
}

const header = ['screen', 'JS gzip', 'CSS gzip', 'total gzip', 'budget', 'files', 'status']
const table = rows.map((row) =>
  row.error ? [row.screen, 'error', '', '', '', '', ''] : [row.screen, kb(row.js), kb(row.css), kb(row.gzip), kb(row.budget), String(row.files.length), row.status],
)
const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column].length)))
const line = (cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd()
console.log(`First load (gzip -9, JS + CSS) from ${path.relative(process.cwd(), dist) || '.'}`)
console.log(line(header))
console.log(line(widths.map((width) => '-'.repeat(width))))
for (const cells of table) console.log(line(cells))
for (const row of rows) {
  if (row.error) console.error(`check-bundle: ${row.screen}: ${row.error}`)
  else if (row.status === 'OVER') console.error(`check-bundle: ${row.screen}: ${kb(row.gzip)} is over its ${kb(row.budget)} budget`)
  if (verbose && !row.error) {
    console.log(`\n${row.screen}:`)
    for (const file of row.files) console.log(`  ${kb(sizeOf(file).gzip).padStart(9)}  ${file}`)
    console.log(`  not counted (lazy, loaded later if at all): ${row.notLoaded.join(', ') || 'none'}`)
  }
}
process.exit(failed ? 1 : 0)
