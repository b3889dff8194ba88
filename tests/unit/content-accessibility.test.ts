import { expect, test } from 'vitest'
import { CONTENT_ACCESSIBILITY_MESSAGES as MESSAGES, contentAccessibilityProblems } from '#app/domain/publishing/content-accessibility.server.ts'

test('headings go down one level at a time from level 2; going back up is fine', () => {
  expect(contentAccessibilityProblems('<h2>Results</h2><h3>Year 3</h3><h4>Relay</h4><h2>Thanks</h2><h3>Staff</h3>')).toEqual([])
  expect(contentAccessibilityProblems('<p>Intro</p><h3>Results</h3>')).toEqual([MESSAGES.skippedHeading('Results', 3, 2)])
  expect(contentAccessibilityProblems('<h2>Results</h2><h4>Relay &amp; sprint</h4><h3>Field</h3>')).toEqual([MESSAGES.skippedHeading('Relay & sprint', 4, 3)])
})

test("a link's words must say where it goes", () => {
  expect(contentAccessibilityProblems('<p>See the <a href="https://example.org/menu">lunch menu</a>.</p>')).toEqual([])
  expect(contentAccessibilityProblems('<p>For the menu <a href="https://example.org/menu">click <strong>here</strong>!</a> or <a href="/x">Read more…</a></p>')).toEqual([
    MESSAGES.vagueLink('click here!'),
    MESSAGES.vagueLink('Read more…'),
  ])
})
