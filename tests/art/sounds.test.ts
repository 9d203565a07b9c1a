import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = join(import.meta.dirname, '..', '..', 'assets', 'sounds');
const CUES = ['deal', 'place', 'discard', 'refuse', 'win'];
const MAX_BYTES = 20 * 1024;

describe('sound files', () => {
  for (const cue of CUES) {
    it(`${cue}.webm is a small WebM file`, () => {
      const file = join(DIR, `${cue}.webm`);
      const size = statSync(file).size;
      expect(size).toBeGreaterThan(200);
      expect(size).toBeLessThan(MAX_BYTES);
      // EBML magic number.
      expect([...readFileSync(file).subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    });

    it(`${cue}.mp3 is a small MP3 file`, () => {
      const file = join(DIR, `${cue}.mp3`);
      const size = statSync(file).size;
      expect(size).toBeGreaterThan(200);
      expect(size).toBeLessThan(MAX_BYTES);
      const head = readFileSync(file).subarray(0, 3);
      const id3 = head.toString('latin1') === 'ID3';
      const frameSync = head[0] === 0xff && (head[1]! & 0xe0) === 0xe0;
      expect(id3 || frameSync).toBe(true);
    });
  }

  it('the Sounds class lists exactly these cues', () => {
    const src = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'audio', 'sounds.ts'), 'utf8');
    const m = /export type Cue = ([^;]+);/.exec(src);
    expect(m).not.toBeNull();
    const names = [...m![1]!.matchAll(/'(\w+)'/g)].map((x) => x[1]);
    expect(names.sort()).toEqual([...CUES].sort());
  });
});
