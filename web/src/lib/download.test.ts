import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileNameFromDisposition, saveBlob } from './download'

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(fileNameFromDisposition(`attachment; filename="Rob__Alpha.ex5"; filename*=UTF-8''Rob%C3%B4%20Alpha.ex5`)).toBe('Robô Alpha.ex5')
    expect(fileNameFromDisposition('attachment; filename="alpha.zip"')).toBe('alpha.zip')
    expect(fileNameFromDisposition('attachment; filename=alpha.ex5')).toBe('alpha.ex5')
  })

  it('answers null without a name', () => {
    expect(fileNameFromDisposition('attachment')).toBeNull()
    expect(fileNameFromDisposition(null)).toBeNull()
  })
})

describe('saveBlob', () => {
  // jsdom has no object URLs: the test lends them and puts back whatever was there.
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  afterEach(() => {
    URL.createObjectURL = original.create
    URL.revokeObjectURL = original.revoke
    vi.restoreAllMocks()
  })

  it('clicks a download link to an object URL', () => {
    URL.createObjectURL = vi.fn(() => 'blob:rf-1')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('alpha.ex5')
      expect(this.href).toBe('blob:rf-1')
    })
    saveBlob(new Blob(['x']), 'alpha.ex5')
    expect(click).toHaveBeenCalledTimes(1)
    expect(document.querySelector('a[download]')).toBeNull()
  })
})
