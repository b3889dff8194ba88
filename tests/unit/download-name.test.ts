import { parse } from 'content-disposition'
import { describe, expect, test } from 'vitest'
import { attachmentDisposition, downloadFileName } from '#app/lib/storage/download-name.ts'

describe('the file name a document downloads under', () => {
  test.each([
    ['Uniform Policy', 'pdf', 'Uniform Policy.pdf'],
    ['Politique d’été 2026', 'docx', 'Politique d’été 2026.docx'],
    ['  Safeguarding\tand\n Child   Protection  ', 'pdf', 'Safeguarding and Child Protection.pdf'],
    ['Behaviour: rules / sanctions?', 'doc', 'Behaviour rules sanctions.doc'],
    ['..\\..\\etc\\passwd', 'pdf', 'etc passwd.pdf'],
    ['Report\u202Efdp.exe', 'pdf', 'Reportfdp.exe.pdf'],
    ['Minutes.PDF', 'pdf', 'Minutes.PDF'],
    ['...', 'pdf', 'document.pdf'],
    ['', 'pdf', 'document.pdf'],
  ])('%j as .%s is %j', (title, extension, name) => {
    expect(downloadFileName(title, extension)).toBe(name)
  })

  test('a long title is cut to 100 characters before the extension, never inside a character', () => {
    const name = downloadFileName(`${'a'.repeat(99)}😀😀 tail`, 'pdf')
    expect(name).toBe(`${'a'.repeat(99)}😀.pdf`)
  })
})

describe('the Content-Disposition header of a document', () => {
  test('an ASCII name is given as is', () => {
    expect(attachmentDisposition('Uniform Policy', '1700000000000-abcd1234.pdf')).toBe('attachment; filename="Uniform Policy.pdf"')
  })

  test('a name beyond ASCII is given in UTF-8 (RFC 5987) with a readable ASCII fallback', () => {
    const header = attachmentDisposition('Politique d’été «Sécurité»', '1700000000000-abcd1234.pdf')
    expect(header).toBe(`attachment; filename="Politique d'ete Securite.pdf"; filename*=UTF-8''Politique%20d%E2%80%99%C3%A9t%C3%A9%20%C2%ABS%C3%A9curit%C3%A9%C2%BB.pdf`)
    expect(parse(header).parameters.filename).toBe('Politique d’été «Sécurité».pdf')
  })

  test('the ASCII fallback holds no character a file name may not have, even from full-width forms', () => {
    const header = attachmentDisposition('Année／2026：Règles', '1700000000000-abcd1234.pdf')
    expect(parse(header).parameters.filename).toBe('Année／2026：Règles.pdf')
    expect(header).toContain('filename="Annee 2026 Regles.pdf";')
  })

  test('a script without ASCII letters falls back to a generic ASCII name', () => {
    const header = attachmentDisposition('سياسة المدرسة', '1700000000000-abcd1234.docx')
    expect(parse(header).parameters).toMatchObject({ filename: 'سياسة المدرسة.docx' })
    expect(header).toContain('filename=document.docx;')
  })

  test('without a title, the stored name is used', () => {
    expect(attachmentDisposition(null, 'folder/1700000000000-abcd1234.doc')).toBe('attachment; filename=1700000000000-abcd1234.doc')
  })
})
