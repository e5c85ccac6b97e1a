// Drives `weiqi gtp` through Sabaki's own GTP library (@sabaki/gtp 3.0.0): its Controller and
// the ControllerStateTracker.sync that Sabaki runs to put its board into an engine (issue 28).
// Run by crates/weiqi-cli/tests/sabaki.rs after `npm ci` of package-lock.json.
// Usage: node sabaki_sync.js PATH_TO_WEIQI [args...]
// Prints one line per check, "ok NAME" or "FAILED NAME: why", and exits 1 on any failure.
'use strict'
const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const [binary, ...args] = process.argv.slice(2)
let failures = 0

async function check(name, body) {
  try {
    await body()
    console.log(`ok ${name}`)
  } catch (err) {
    failures++
    console.log(`FAILED ${name}: ${err && err.message ? err.message : err}`)
  }
}

function expect(cond, why) {
  if (!cond) throw new Error(why)
}

async function send(controller, name, ...commandArgs) {
  const res = await controller.sendCommand({name, args: commandArgs})
  return res
}

const play = (color, vertex) => ({name: 'play', args: [color, vertex]})

// The names of the commands the controller sent, in order (Controller's `command-sent`).
const sent = []

// The engine's own account of the game: `weiqi-status` as key -> value.
async function status(controller) {
  const res = await send(controller, 'weiqi-status')
  expect(!res.error, `weiqi-status: ${res.content}`)
  const fields = {}
  for (const line of res.content.split('\n')) {
    const at = line.indexOf(' ')
    fields[line.slice(0, at)] = line.slice(at + 1)
  }
  return fields
}

// The stones on the board, from `showboard` (weiqi's diagram: X black, O white).
async function stones(controller) {
  const res = await send(controller, 'showboard')
  expect(!res.error, 'showboard failed')
  const rows = res.content.split('\n').filter(line => /^\s*\d+ /.test(line))
  return rows.map(row => (row.replace(/^\s*\d+/, '').match(/[XO]/g) || []).length)
    .reduce((a, b) => a + b, 0)
}

async function main() {
  const controller = new Controller(binary, args)
  controller.on('command-sent', ({command}) => sent.push(command.name))
  controller.start()
  const tracker = new ControllerStateTracker(controller)

  await check('sync 1: an even 19x19 game', async () => {
    await tracker.sync({
      komi: 6.5,
      boardsize: [19, 19],
      history: [play('B', 'Q16'), play('W', 'D4'), play('B', 'Q4')],
    })
    expect((await stones(controller)) === 3, 'three stones after the sync')
  })
  await check('sync 2: one more move, synced by the shared history', async () => {
    await tracker.sync({
      komi: 6.5,
      boardsize: [19, 19],
      history: [play('B', 'Q16'), play('W', 'D4'), play('B', 'Q4'), play('W', 'D16')],
    })
    const s = await status(controller)
    expect(s['moves'] === '4' && s['to-move'] === 'black', `after the sync: ${JSON.stringify(s)}`)
  })
  await check('sync 3: setup stones sent as plays of one colour', async () => {
    await tracker.sync({
      komi: 0.5,
      boardsize: [9, 9],
      history: [play('B', 'C3'), play('B', 'G3'), play('W', 'E5')],
    })
    // B C3, (W pass inserted), B G3, W E5: four moves, three stones.
    const s = await status(controller)
    expect(s['moves'] === '4' && s['size'] === '9x9', `after the sync: ${JSON.stringify(s)}`)
    expect((await stones(controller)) === 3, 'three stones')
    const res = await send(controller, 'genmove', 'B')
    expect(!res.error, `genmove b: ${res.content}`)
  })
  await check('sync 4: time settings', async () => {
    await tracker.sync({
      komi: 6.5,
      boardsize: [9, 9],
      timeSettings: {mainTime: 300, byoyomiTime: 30, byoyomiStones: 5},
      history: [play('B', 'E5')],
    })
    const s = await status(controller)
    expect(s['time'] === 'canadian 300 s + 5 stones / 30 s', `time: ${s['time']}`)
  })
  await check('sync 5: a 9x13 board', async () => {
    await tracker.sync({
      komi: 6.5,
      boardsize: [9, 13],
      history: [play('B', 'E7'), play('W', 'C3')],
    })
    expect(sent.includes('rectangular_boardsize'), 'rectangular_boardsize was sent')
    const s = await status(controller)
    expect(s['size'] === '9x13' && s['moves'] === '2', `after the sync: ${JSON.stringify(s)}`)
  })
  await check('undo path: a move taken back and another played', async () => {
    const base = [play('B', 'E5'), play('W', 'C3'), play('B', 'G7')]
    await tracker.sync({komi: 6.5, boardsize: [9, 9], history: base})
    const from = sent.length
    await tracker.sync({
      komi: 6.5,
      boardsize: [9, 9],
      history: [...base.slice(0, 2), play('B', 'G3')],
    })
    // Sabaki's undo path: one `undo`, then the new move; no replay from `clear_board`.
    const during = sent.slice(from).filter(name => !['list_commands', 'known_command'].includes(name))
    expect(
      during.join(' ') === 'undo play',
      `the sync sent ${during.join(' ')} (not undo then play)`
    )
    const s = await status(controller)
    expect(s['moves'] === '3', `after the undo: ${JSON.stringify(s)}`)
    const legal = await send(controller, 'is_legal', 'W', 'G7')
    expect(legal.content === '1', 'G7 is empty again after the undo')
    const taken = await send(controller, 'is_legal', 'W', 'G3')
    expect(taken.content === '0', 'G3 holds the new move')
    const res = await send(controller, 'genmove', 'W')
    expect(!res.error, `genmove w after the undo: ${res.content}`)
  })
  await check('genmove twice for the same colour', async () => {
    await tracker.sync({komi: 6.5, boardsize: [9, 9], history: []})
    const a = await send(controller, 'genmove', 'B')
    const b = await send(controller, 'genmove', 'B')
    expect(!a.error && !b.error, `${a.content} / ${b.content}`)
    expect((await stones(controller)) === 2, 'two black stones')
  })
  await check('replay path: a history that shares nothing is replayed from clear_board', async () => {
    const from = sent.length
    await tracker.sync({
      komi: 6.5,
      boardsize: [9, 9],
      history: [play('W', 'C7'), play('B', 'D4'), play('W', 'F6')],
    })
    expect(sent.slice(from).includes('clear_board'), 'clear_board was sent')
    const s = await status(controller)
    expect(s['moves'] === '4', `W C7 after an inserted black pass: ${JSON.stringify(s)}`)
  })
  await controller.stop()
  console.log(`${failures === 0 ? 'all' : failures} ${failures === 0 ? 'checks passed' : 'checks failed'}`)
  process.exit(failures === 0 ? 0 : 1)
}

main().catch(err => {
  console.log(`FAILED: ${err}`)
  process.exit(1)
})
