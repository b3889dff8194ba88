import { describe, expect, test } from 'vitest'
import { sanitizeHtml, sanitizeHtmlForDisplay } from '#app/lib/html-sanitizer.server.ts'
import { isVideoPlayerSource, videoPlayerSource } from '#app/lib/video-embeds.ts'

const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
const VIMEO = 'https://player.vimeo.com/video/76979871'

describe('rich text tables, callouts and videos', () => {
  test('a table with a header row, as demo pages store it, is kept as it is', () => {
    const table = '<table><thead><tr><th>Term</th><th>Starts</th></tr></thead><tbody><tr><td>Autumn</td><td>4 September</td></tr></tbody></table>'
    expect(sanitizeHtml(table)).toBe(table)
    expect(sanitizeHtml('<table><caption>Dates</caption><tbody><tr><th scope="row" colspan="2">A</th><td rowspan="1"><p>B</p></td></tr></tbody></table>')).toBe(
      '<table><caption>Dates</caption><tbody><tr><th scope="row" colspan="2">A</th><td rowspan="1"><p>B</p></td></tr></tbody></table>',
    )
  })

  test('table cells lose styles and handlers', () => {
    expect(sanitizeHtml('<table style="width:9999px"><tbody><tr><td style="color:red" onclick="alert(1)">x</td></tr></tbody></table>')).toBe('<table><tbody><tr><td>x</td></tr></tbody></table>')
  })

  test('a callout box keeps its kind; an unknown kind becomes info, and other attributes go', () => {
    expect(sanitizeHtml('<aside data-callout="info"><p>Bring a coat.</p></aside>')).toBe('<aside data-callout="info"><p>Bring a coat.</p></aside>')
    expect(sanitizeHtml('<aside data-callout="warning"><p>Closed.</p></aside>')).toBe('<aside data-callout="warning"><p>Closed.</p></aside>')
    expect(sanitizeHtml('<aside data-callout="success"><p>Done.</p></aside>')).toBe('<aside data-callout="success"><p>Done.</p></aside>')
    expect(sanitizeHtml('<aside data-callout="danger" class="x" onmouseover="alert(1)"><p>Hi</p></aside>')).toBe('<aside data-callout="info"><p>Hi</p></aside>')
  })

  test('an iframe is kept only for the YouTube (no-cookie) and Vimeo players, with a title, lazy, full screen allowed', () => {
    expect(sanitizeHtml(`<iframe src="${YOUTUBE}" title="Sports day"></iframe>`)).toBe(`<iframe src="${YOUTUBE}" title="Sports day" allowfullscreen loading="lazy"></iframe>`)
    expect(sanitizeHtml(`<iframe src="${VIMEO}"></iframe>`)).toBe(`<iframe src="${VIMEO}" title="Video" allowfullscreen loading="lazy"></iframe>`)
  })

  test('every other iframe is removed: other hosts, tracking YouTube, other paths, queries, schemes, handlers', () => {
    for (const src of [
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      'https://www.youtube-nocookie.com/embed/../../evil',
      'https://player.vimeo.com/video/abc',
      'https://player.vimeo.com.evil.example/video/1',
      'https://user@player.vimeo.com/video/1',
      '//player.vimeo.com/video/1',
      '/files/uploads/x.html',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(sanitizeHtml(`<p>a</p><iframe src="${src}"></iframe>`), src).toBe('<p>a</p>')
    }
    expect(sanitizeHtml(`<iframe src="${YOUTUBE}" onload="alert(1)" srcdoc="<script>alert(1)</script>" sandbox="allow-scripts"></iframe>`)).toBe(
      `<iframe src="${YOUTUBE}" title="Video" allowfullscreen loading="lazy"></iframe>`,
    )
  })

  test('a link to a stored document or to one of the school\'s pages is kept as written', () => {
    const html = '<p>Read the <a href="/files/policies/term-dates-2026.pdf">term dates for 2026 (PDF)</a> or the <a href="/admissions/open-days">open days page</a>.</p>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  test('scripts and handlers stay out of the new blocks', () => {
    expect(sanitizeHtml('<aside data-callout="info"><script>alert(1)</script><p onclick="x()">Hi</p></aside>')).toBe('<aside data-callout="info"><p>Hi</p></aside>')
    expect(sanitizeHtml('<table><tbody><tr><td><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a></td></tr></tbody></table>')).toBe('<table><tbody><tr><td><a>x</a></td></tr></tbody></table>')
  })

  test('for display, each table sits in a focusable region that scrolls sideways', () => {
    expect(sanitizeHtmlForDisplay('<p>x</p><table><tbody><tr><td>1</td></tr></tbody></table>')).toBe(
      '<p>x</p><div class="rich-text-table" role="region" aria-label="Table" tabindex="0"><table><tbody><tr><td>1</td></tr></tbody></table></div>',
    )
  })

  test('a video page address becomes its privacy-friendly player address; anything else is refused', () => {
    for (const address of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'https://youtu.be/dQw4w9WgXcQ', 'https://youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ', YOUTUBE]) {
      expect(videoPlayerSource(address), address).toBe(YOUTUBE)
    }
    for (const address of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871', 'https://www.vimeo.com/76979871/']) {
      expect(videoPlayerSource(address), address).toBe(VIMEO)
    }
    for (const address of ['https://example.org/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'https://vimeo.com/channels/staffpicks', 'javascript:alert(1)', 'not a url']) {
      expect(videoPlayerSource(address), address).toBeNull()
    }
    expect(isVideoPlayerSource(YOUTUBE)).toBe(true)
    expect(isVideoPlayerSource(`${YOUTUBE}#t=1`)).toBe(false)
  })
})
