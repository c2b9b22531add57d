// <mcp-task-list>'s arguments in short (components/mcp-task-list/summarise.ts): plain code, run here.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { summariseArguments } from '../../components/mcp-task-list/summarise.js'

test('a string argument of up to 30 characters is shown whole; a longer one is cut to 30 with an ellipsis', () => {
  const thirty = 'a'.repeat(30)
  assert.equal(summariseArguments({ note: thirty }), `note: "${thirty}"`)
  assert.equal(summariseArguments({ note: `${thirty}b` }), `note: "${'a'.repeat(29)}…"`)
})

test('lists and objects in short, numbers as written, the whole line cut at max', () => {
  assert.equal(summariseArguments({ tags: ['x'], none: [], opts: { a: 1 }, empty: {}, n: 3 }), 'tags: […], none: [], opts: {…}, empty: {}, n: 3')
  assert.equal(summariseArguments({ a: 'x'.repeat(20), b: 'y'.repeat(20) }, 20), 'a: "xxxxxxxxxxxxxxx…')
})

test('a kept task with no arguments (a record written by another version, or cut short) reads as none, not a thrown row', () => {
  assert.equal(summariseArguments(undefined as never), '')
  assert.equal(summariseArguments(null as never), '')
})
