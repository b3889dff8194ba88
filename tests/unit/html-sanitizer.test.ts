import { describe, expect, test } from 'vitest'
import { sanitizeHtml } from '#app/lib/html-sanitizer.server.ts'

describe('sanitizeHtml', () => {
  test('keeps the allowed formatting markup', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Minor</h4><p>Some <strong>bold</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u> and <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><hr>' +
      '<figure><img src="https://example.org/a.jpg" alt="A" width="10" height="20"><figcaption>Caption</figcaption></figure>' +
      '<pre><code>let x = 1</code></pre>'
    expect(sanitizeHtml(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />').replace('height="20">', 'height="20" />'))
  })

  test('removes script tags with their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script>')).toBe('<p>Hi</p>')
  })

  test('removes event handler and style attributes', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">Hi</p><img src="https://e.org/x.png" alt="x" onerror="alert(1)">')).toBe(
      '<p>Hi</p><img src="https://e.org/x.png" alt="x" />',
    )
  })

  test('removes iframes, forms and other unlisted elements', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe><form><input></form><div>Text</div>')).toBe('Text')
  })

  test('drops javascript:, data: and protocol-relative link targets', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>')
    expect(sanitizeHtml('<a href="JaVaScRiPt&colon;alert(1)">a</a>')).toBe('<a>a</a>')
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">a</a>')).toBe('<a>a</a>')
    expect(sanitizeHtml('<a href="data:text/html,x">a</a>')).toBe('<a>a</a>')
    expect(sanitizeHtml('<a href="//evil.example/x">a</a>')).toBe('<a>a</a>')
    expect(sanitizeHtml('<a href="/\\evil.example/x">a</a>')).toBe('<a>a</a>')
  })

  test('keeps http(s), mailto, tel, site-relative and fragment links', () => {
    for (const href of ['https://example.org/', 'http://example.org/', 'mailto:a@b.org', 'tel:+15550100', '/blogs', '#top']) {
      expect(sanitizeHtml(`<a href="${href}" title="t">x</a>`)).toBe(`<a href="${href}" title="t">x</a>`)
    }
  })

  test('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  test('accepts image sources only over https or from /files/', () => {
    expect(sanitizeHtml('<img src="/files/blogs/a.jpg" alt="a">')).toBe('<img src="/files/blogs/a.jpg" alt="a" />')
    expect(sanitizeHtml('<p><img src="http://example.org/a.jpg" alt="a"></p>')).toBe('<p></p>')
    expect(sanitizeHtml('<p><img src="data:image/png;base64,AAAA" alt="a"></p>')).toBe('<p></p>')
    expect(sanitizeHtml('<p><img src="/admin/x" alt="a"></p>')).toBe('<p></p>')
  })
})
