/**
 * Child process of v8-tuning.test.ts (run with --allow-natives-syntax): with `tune` as argument it
 * applies tuneV8ForRequests first; then it keeps every object of one allocation site alive through
 * many scavenges, which makes V8 tenure the site when pretenuring is on, and prints how many of
 * 100 objects made afterwards at that site are in the young generation.
 */
import { tuneV8ForRequests } from '../../server/v8-tuning.ts';

if (process.argv[2] === 'tune') tuneV8ForRequests();

const inYoungGeneration = new Function('o', 'return %InYoungGeneration(o)') as (o: object) => boolean;
const make = () => ({ coverage: { building: 250_000 } });
const kept: object[] = [];
for (let round = 0; round < 40; round++) {
  for (let i = 0; i < 20_000; i++) kept.push(make());
  // Garbage of another site, so scavenges run while the kept objects live.
  for (let i = 0; i < 20_000; i++) new Array(64);
}
const fresh = Array.from({ length: 100 }, make);
console.log(fresh.filter(inYoungGeneration).length);
