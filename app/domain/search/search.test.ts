import { describe, expect, test } from 'vitest'
import { SEARCH_LIMITS, SEARCH_MESSAGES, normalizedQuery, searchTerms, snippetParts } from './search.ts'

describe('search terms', () => {
  test('letters and digits only, lower case, each once; syntax separates words', () => {
    expect(searchTerms('  Uniform  "POLICY" uniform ')).toEqual(['uniform', 'policy'])
    expect(searchTerms('title:x (year-6) ^boost NEAR/3 café')).toEqual(['title', 'x', 'year', '6', 'boost', '3', 'café'])
    expect(searchTerms('events near the park')).toEqual(['events', 'near', 'park'])
  })

  test('syntax, common words and emoji alone give no words', () => {
    for (const query of ['"', '*', '-', 'NEAR', ':', '"', '(', ')', 'a AND', 'NOT OR', '🎒🎒', '', '   ', 'the of and']) expect(searchTerms(query)).toEqual([])
  })

  test('a query is cut to the limit, and to the most words', () => {
    expect(normalizedQuery('x'.repeat(500))).toHaveLength(SEARCH_LIMITS.queryLength)
    expect(searchTerms(Array.from({ length: 30 }, (_, index) => `word${index}`).join(' '))).toHaveLength(SEARCH_LIMITS.terms)
  })
})

describe('snippet parts', () => {
  test('marks become highlighted parts; text around stays plain; nothing is empty', () => {
    expect(snippetParts('A \u0001warm\u0002 \u0001welcome\u0002 back')).toEqual([
      { text: 'A ', highlighted: false },
      { text: 'warm', highlighted: true },
      { text: ' ', highlighted: false },
      { text: 'welcome', highlighted: true },
      { text: ' back', highlighted: false },
    ])
    expect(snippetParts('<b>not html</b>')).toEqual([{ text: '<b>not html</b>', highlighted: false }])
    expect(snippetParts('')).toEqual([])
  })
})

describe('result count', () => {
  test('one, several, or more than are ranked', () => {
    expect(SEARCH_MESSAGES.count(1)).toBe('1 result')
    expect(SEARCH_MESSAGES.count(12)).toBe('12 results')
    expect(SEARCH_MESSAGES.count(1000, true)).toBe('More than 1,000 results')
  })
})
