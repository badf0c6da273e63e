import { describe, expect, it } from 'vitest'
import { isDevelopmentHost, readExtraDevHosts, readPlatformDomain, selectPortal } from './portal'

const ROOT = 'roboforge.com.br'

describe('selectPortal on development hosts', () => {
  const DEV = ['localhost', '127.0.0.1', '::1', `preview.${ROOT}`]
  const devHosts = ['localhost', '127.0.0.1', '::1', '[::1]', 'app.localhost', `pr-42.preview.${ROOT}`]

  it.each(devHosts)('%s picks the portal by path', (host) => {
    expect(selectPortal(host, '/tenant/login', ROOT, DEV)).toEqual({ portal: 'tenant', basePath: '/tenant' })
    expect(selectPortal(host, '/tenant', ROOT, DEV)).toEqual({ portal: 'tenant', basePath: '/tenant' })
    expect(selectPortal(host, '/client/dashboard', ROOT, DEV)).toEqual({ portal: 'client', basePath: '/client' })
    expect(selectPortal(host, '/client', ROOT, DEV)).toEqual({ portal: 'client', basePath: '/client' })
    expect(selectPortal(host, '/', ROOT, DEV)).toEqual({ portal: 'admin', basePath: '' })
    expect(selectPortal(host, '/auth', ROOT, DEV)).toEqual({ portal: 'admin', basePath: '' })
  })

  it('keeps admin routes that merely start with the same letters in the admin portal', () => {
    expect(selectPortal('localhost', '/tenants', ROOT, DEV).portal).toBe('admin')
    expect(selectPortal('localhost', '/tenant-owners', ROOT, DEV).portal).toBe('admin')
    expect(selectPortal('localhost', '/clients', ROOT, DEV).portal).toBe('admin')
    expect(selectPortal('localhost', '/client-robots', ROOT, DEV).portal).toBe('admin')
  })

  it('never treats a host as development unless the server named it', () => {
    expect(isDevelopmentHost('LOCALHOST', 'localhost', ['localhost'])).toBe(true)
    expect(isDevelopmentHost('localhost', 'localhost')).toBe(false)
    expect(selectPortal('localhost', '/client/login', ROOT)).toEqual({ portal: 'client', basePath: '' })
  })
})

describe('selectPortal on production hosts', () => {
  it('gives the admin portal on the root domain and its admin/www aliases', () => {
    for (const host of [ROOT, `admin.${ROOT}`, `www.${ROOT}`, `WWW.${ROOT.toUpperCase()}`]) {
      expect(selectPortal(host, '/tenant/login', ROOT)).toEqual({ portal: 'admin', basePath: '' })
    }
  })

  it('gives the tenant-owner portal on admin.<tenant domain>', () => {
    expect(selectPortal('admin.robosdojoao.com', '/login', ROOT)).toEqual({ portal: 'tenant', basePath: '' })
    expect(selectPortal(`admin.joao.${ROOT}`, '/dashboard', ROOT)).toEqual({ portal: 'tenant', basePath: '' })
  })

  it('gives the client portal on any other host, ignoring the path prefix', () => {
    expect(selectPortal('robosdojoao.com', '/login', ROOT)).toEqual({ portal: 'client', basePath: '' })
    expect(selectPortal(`joao.${ROOT}`, '/tenant/login', ROOT)).toEqual({ portal: 'client', basePath: '' })
    expect(selectPortal('preview.example.com', '/tenant', ROOT)).toEqual({ portal: 'client', basePath: '' })
  })

  it('ignores a trailing dot in the host name', () => {
    expect(selectPortal(`${ROOT}.`, '/', ROOT).portal).toBe('admin')
  })
})

describe('readPlatformDomain', () => {
  function docWith(content: string | null): Document {
    const doc = document.implementation.createHTMLDocument()
    if (content !== null) {
      const meta = doc.createElement('meta')
      meta.name = 'rf-platform-domain'
      meta.content = content
      doc.head.appendChild(meta)
    }
    return doc
  }

  it('reads the domain the server wrote into the page', () => {
    expect(readPlatformDomain(docWith(ROOT))).toBe(ROOT)
  })

  it('falls back to localhost when the placeholder was not replaced or the tag is missing', () => {
    expect(readPlatformDomain(docWith('__RF_PLATFORM_DOMAIN__'))).toBe('localhost')
    expect(readPlatformDomain(docWith(null))).toBe('localhost')
  })
})

describe('extra development hosts (server DEV_HOSTS)', () => {
  it('lets the path decide on a configured host and its subdomains', () => {
    expect(selectPortal('staging.acme.dev', '/client/login', ROOT, ['acme.dev'])).toEqual({ portal: 'client', basePath: '/client' })
    expect(selectPortal('acme.dev', '/tenant', ROOT, ['acme.dev'])).toEqual({ portal: 'tenant', basePath: '/tenant' })
    expect(selectPortal('acme.dev', '/tenant', ROOT)).toEqual({ portal: 'client', basePath: '' })
  })

  it('reads the list the server wrote into the page; the Vite dev server (placeholder) means local hosts', () => {
    const doc = document.implementation.createHTMLDocument()
    const meta = doc.createElement('meta')
    meta.name = 'rf-dev-hosts'
    meta.content = 'Acme.dev, qa.example.com'
    doc.head.appendChild(meta)
    expect(readExtraDevHosts(doc)).toEqual(['acme.dev', 'qa.example.com'])
    meta.content = '__RF_DEV_HOSTS__'
    expect(readExtraDevHosts(doc)).toEqual(['localhost', '127.0.0.1'])
    meta.content = ''
    expect(readExtraDevHosts(doc)).toEqual([])
  })
})
