// Child process of tests/bench/wake-up-delay.ts: an otherwise idle Node process that asks for a
// timer every RESOLUTION_MS for argv[2] ms, prints `watching` once its timers run, then, as one JSON
// line, how late its wake-ups came ({ maxMs, windowsOver5Ms, windowsOver10Ms }). Plain JavaScript
// so it starts without tsx's loader thread.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 2;
const WINDOW_MS = 50;
const durationMs = Number(process.argv[2]);
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();
let maxMs = 0;
let windowsOver5Ms = 0;
let windowsOver10Ms = 0;
const window = setInterval(() => {
  // The histogram records each whole interval between wake-ups (ns), the asked-for RESOLUTION_MS
  // included: lateness is what lies beyond it.
  const late = Math.max(0, histogram.max / 1e6 - RESOLUTION_MS);
  maxMs = Math.max(maxMs, late);
  if (late > 5) windowsOver5Ms++;
  if (late > 10) windowsOver10Ms++;
  histogram.reset();
}, WINDOW_MS);
console.log('watching');
setTimeout(() => {
  clearInterval(window);
  console.log(JSON.stringify({ maxMs, windowsOver5Ms, windowsOver10Ms }));
}, durationMs);
