import { TextSelection, type Command, type Transaction } from '@tiptap/pm/state'
import { addColumn, addRow, deleteColumn, deleteRow, deleteTable, findTable, goToNextCell, isInTable, selectedRect, TableMap, tableEditing } from '@tiptap/pm/tables'
import { Node, type Editor, type JSONContent } from '@tiptap/react'
import { CALLOUT_KINDS, type CalloutKind } from '#app/lib/rich-text-sanitizer.ts'
import { isVideoPlayerSource, VIDEO_MESSAGES, videoPlayerSource } from '#app/lib/video-embeds.ts'

/*
 * The blocks rich text has beyond paragraphs, headings and lists: tables,
 * callout boxes and embedded videos, each producing exactly the markup the
 * sanitiser keeps (app/lib/rich-text-sanitizer.ts). The tables are built on
 * prosemirror-tables, which @tiptap/pm already ships, rather than on
 * @tiptap/extension-table: the registry's newest table extension pins an
 * older @tiptap/core than the editor's (docs/decisions/016-pages.md).
 */

/** What each table node is to prosemirror-tables, which finds them by this role. */
const TABLE_ROLES: Record<string, string> = { table: 'table', tableRow: 'row', tableHeader: 'header_cell', tableCell: 'cell' }

/** colspan and rowspan as prosemirror-tables reads them; written only when a cell spans more than one. */
const cellAttributes = () => ({
  colspan: { default: 1, parseHTML: (element: HTMLElement) => Number(element.getAttribute('colspan') ?? 1) || 1, renderHTML: (attrs: { colspan: number }) => (attrs.colspan > 1 ? { colspan: attrs.colspan } : {}) },
  rowspan: { default: 1, parseHTML: (element: HTMLElement) => Number(element.getAttribute('rowspan') ?? 1) || 1, renderHTML: (attrs: { rowspan: number }) => (attrs.rowspan > 1 ? { rowspan: attrs.rowspan } : {}) },
  colwidth: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
})

const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: () => ['table', ['tbody', 0]],
  extendNodeSchema: (extension) => (extension.name in TABLE_ROLES ? { tableRole: TABLE_ROLES[extension.name] } : {}),
  addProseMirrorPlugins: () => [tableEditing()],
  addKeyboardShortcuts() {
    return {
      // Tab in the last cell adds a row, as in a word processor, rather than leaving the editor with the next keys typed nowhere.
      Tab: () => isInTable(this.editor.state) && (goToNextCell(1)(this.editor.state, this.editor.view.dispatch) || addRowBelow(this.editor.state, this.editor.view.dispatch)),
      'Shift-Tab': () => isInTable(this.editor.state) && goToNextCell(-1)(this.editor.state, this.editor.view.dispatch),
    }
  },
})

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableHeader | tableCell)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
})

const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
})

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
})

/** `<aside data-callout="info|warning|success">`: a box that stands out from the text around it. */
const Callout = Node.create({
  name: 'callout',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes: () => ({
    kind: {
      default: 'info',
      parseHTML: (element: HTMLElement) => element.getAttribute('data-callout') ?? 'info',
      renderHTML: (attrs: { kind: string }) => ({ 'data-callout': attrs.kind }),
    },
  }),
  parseHTML: () => [{ tag: 'aside[data-callout]' }],
  renderHTML: ({ HTMLAttributes }) => ['aside', HTMLAttributes, 0],
})

/** A YouTube (no-cookie) or Vimeo player with its title; any other frame is not read. */
const Video = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null }, title: { default: VIDEO_MESSAGES.defaultTitle } }),
  parseHTML: () => [
    {
      tag: 'iframe[src]',
      getAttrs: (element) => {
        const src = element.getAttribute('src') ?? ''
        return isVideoPlayerSource(src) ? { src, title: element.getAttribute('title') || VIDEO_MESSAGES.defaultTitle } : false
      },
    },
  ],
  renderHTML: ({ HTMLAttributes }) => ['iframe', { src: HTMLAttributes.src as string, title: HTMLAttributes.title as string, allowfullscreen: 'true', loading: 'lazy' }],
})

export const RICH_TEXT_BLOCKS = [Table, TableRow, TableHeader, TableCell, Callout, Video]

const cell = (type: 'tableHeader' | 'tableCell'): JSONContent => ({ type, content: [{ type: 'paragraph' }] })

/** Puts the cursor in the cell at (row, column) of the table whose content starts at `tableStart`. */
function cursorInCell(tr: Transaction, tableStart: number, row: number, column: number) {
  const table = tr.doc.nodeAt(tableStart - 1)
  if (!table) return tr
  const map = TableMap.get(table)
  const cellPos = tableStart + map.map[row * map.width + column]!
  return tr.setSelection(TextSelection.near(tr.doc.resolve(cellPos + 1)))
}

/** A row below the selected ones, which takes the cursor in its first cell: what is typed next belongs there. */
const addRowBelow: Command = (state, dispatch) => {
  if (!isInTable(state)) return false
  if (dispatch) {
    const rect = selectedRect(state)
    dispatch(cursorInCell(addRow(state.tr, rect, rect.bottom), rect.tableStart, rect.bottom, 0).scrollIntoView())
  }
  return true
}

/** A column right of the selected ones, which takes the cursor in the selection's row. */
const addColumnRight: Command = (state, dispatch) => {
  if (!isInTable(state)) return false
  if (dispatch) {
    const rect = selectedRect(state)
    dispatch(cursorInCell(addColumn(state.tr, rect, rect.right), rect.tableStart, rect.top, rect.right).scrollIntoView())
  }
  return true
}

/** A 3 × 3 table whose first row holds the column headings, with the cursor in its first cell. */
export function insertTable(editor: Editor) {
  const row = (type: 'tableHeader' | 'tableCell'): JSONContent => ({ type: 'tableRow', content: [cell(type), cell(type), cell(type)] })
  editor
    .chain()
    .focus()
    .insertContent({ type: 'table', content: [row('tableHeader'), row('tableCell'), row('tableCell')] })
    // Inserting leaves the cursor at the table's end, in its last cell.
    .command(({ tr }) => {
      const table = findTable(tr.selection.$from)
      if (table) cursorInCell(tr, table.start, 0, 0)
      return true
    })
    .run()
}

/** The table commands of prosemirror-tables, run on the editor's state. */
export const TABLE_COMMANDS = {
  addRow: addRowBelow,
  addColumn: addColumnRight,
  deleteRow,
  deleteColumn,
  deleteTable,
} as const

export function runTableCommand(editor: Editor, command: keyof typeof TABLE_COMMANDS) {
  TABLE_COMMANDS[command](editor.state, editor.view.dispatch)
  editor.commands.focus()
}

export const CALLOUT_PROMPT = `Kind of callout box: ${CALLOUT_KINDS.join(', ')}`

/** Puts the selected blocks in a callout box of the kind asked for, or takes them out of the one they are in. */
export function toggleCallout(editor: Editor) {
  if (editor.isActive('callout')) {
    editor.chain().focus().lift('callout').run()
    return
  }
  const answer = window.prompt(CALLOUT_PROMPT, 'info')
  if (answer === null) return
  const kind = (CALLOUT_KINDS as readonly string[]).includes(answer.trim().toLowerCase()) ? (answer.trim().toLowerCase() as CalloutKind) : 'info'
  editor.chain().focus().wrapIn('callout', { kind }).run()
}

/** Asks for a video page's address and its title, and embeds its privacy-friendly player. */
export function insertVideo(editor: Editor) {
  const address = window.prompt(VIDEO_MESSAGES.prompt, '')
  if (address === null || address.trim() === '') return
  const src = videoPlayerSource(address)
  if (!src) {
    window.alert(VIDEO_MESSAGES.refused)
    return
  }
  const title = window.prompt(VIDEO_MESSAGES.titlePrompt, '')
  if (title === null) return
  editor.chain().focus().insertContent({ type: 'video', attrs: { src, title: title.trim() || VIDEO_MESSAGES.defaultTitle } }).run()
}
