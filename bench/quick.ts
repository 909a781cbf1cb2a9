/**
 * `npm run bench:quick [-- --only NAME,...] [--no-build]`: every benchmark's `--quick` run in turn,
 * so that none can rot unseen (CI runs this after the build). The benchmarks are package.json's
 * `bench:` scripts and `fuzz`, read from it, so a new `bench:` script joins without an edit here.
 * `electron-vite build` runs once first (the Chromium benchmarks read out/), unless `--no-build`.
 *
 * Each run must exit 0, print something, leave bench/README.md as it was and finish within
 * TIMEOUT_S; the figures themselves are not checked. Prints each one's time, and exits 1 naming
 * those that failed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const README = join(ROOT, 'bench/README.md')
/** A quick run takes a few seconds; one past this is no longer quick (or hangs), and fails. */
const TIMEOUT_S = 120
/** What a script runs before its benchmark, done once here or not needed by a --quick run (fuzz's CLI build: no processes). */
const SET_UP = /^(electron-vite build|npm run build:cli) && /

const args = process.argv.slice(2)
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
const names = Object.keys(scripts).filter((name) => (name.startsWith('bench:') && name !== 'bench:quick') || name === 'fuzz')

// The session bench:timelapse-session records is the one bench:timelapse-log scores, so the log need not record its own.
const session = join(mkdtempSync(join(tmpdir(), 'sudoku-lens-bench-quick-')), 'session.json')
const extraArgs = (name: string): string[] =>
  name === 'bench:timelapse-session' ? ['--records', session] : name === 'bench:timelapse-log' && existsSync(session) ? [session] : []

const env = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}` }
const wanted = names.filter((name) => !only || only.includes(name) || only.includes(name.replace(/^bench:/, '')))
if (!args.includes('--no-build') && wanted.some((name) => scripts[name].startsWith('electron-vite build'))) {
  const started = performance.now()
  const build = spawnSync('electron-vite', ['build'], { cwd: ROOT, env, stdio: 'inherit', shell: true })
  if (build.status !== 0) {
    console.error('bench:quick: electron-vite build failed')
    process.exit(1)
  }
  console.log(`bench:quick: electron-vite build took ${seconds(started)} s`)
}

/** One benchmark's --quick run: whether it passed, and why not. */
async function runQuick(name: string): Promise<string | null> {
  const command = scripts[name].replace(SET_UP, '')
  if (SET_UP.test(command) || command.includes('&&')) return `cannot tell its benchmark from its set-up: ${scripts[name]}`
  const readme = readFileSync(README, 'utf8')
  // In a process group of its own, so that a run past its time goes with every process it started (tsx's node, Chromium).
  const child = spawn(`${command} --quick ${extraArgs(name).join(' ')}`, { cwd: ROOT, env, shell: true, detached: true, stdio: ['ignore', 'pipe', 'inherit'] })
  const stop = () => process.kill(-child.pid!, 'SIGKILL')
  const interrupted = () => (stop(), process.exit(130))
  process.once('SIGINT', interrupted)
  let printed = 0
  child.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.length
    process.stdout.write(chunk)
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    stop()
  }, TIMEOUT_S * 1000)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearTimeout(timer)
  process.off('SIGINT', interrupted)
  if (timedOut) return `took over ${TIMEOUT_S} s`
  if (code !== 0) return `exit ${code}`
  if (!printed) return 'printed no figures'
  if (readFileSync(README, 'utf8') !== readme) {
    writeFileSync(README, readme)
    return 'wrote bench/README.md (put back)'
  }
  return null
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}

const started = performance.now()
const times: string[] = []
const failed: string[] = []
for (const name of wanted) {
  console.log(`\n== ${name} --quick`)
  const t0 = performance.now()
  const problem = await runQuick(name)
  const line = `${name}: ${seconds(t0)} s${problem ? `, FAILED: ${problem}` : ''}`
  console.log(`bench:quick: ${line}`)
  times.push(line)
  if (problem) failed.push(`${name} (${problem})`)
}
console.log(`\nbench:quick: ${wanted.length} benchmarks in ${seconds(started)} s\n${times.map((t) => `  ${t}`).join('\n')}`)
if (failed.length) {
  console.error(`bench:quick: failed: ${failed.join(', ')}`)
  process.exit(1)
}
