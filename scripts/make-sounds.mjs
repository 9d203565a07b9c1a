#!/usr/bin/env node
/**
 * Synthesises the game's sound cues in pure Node (22.05 kHz mono) and encodes each to
 * assets/sounds/NAME.webm (Opus) and assets/sounds/NAME.mp3 with ffmpeg.
 * Usage: node scripts/make-sounds.mjs   (needs ffmpeg with libopus and libmp3lame on PATH)
 * CI does not run this; the encoded files are committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22050;
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'sounds');

/** Seeded PRNG (mulberry32) so regenerated files are identical. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A buffer of `seconds` of silence. */
function buffer(seconds) {
  return new Float64Array(Math.round(seconds * RATE));
}

/** RBJ biquad band-pass (constant 0 dB peak); `freq` may be a function of the sample index. */
function bandpass(input, freq, q) {
  const out = new Float64Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const f = typeof freq === 'function' ? freq(i) : freq;
    const w = (2 * Math.PI * f) / RATE;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    const b0 = alpha / a0;
    const b2 = -alpha / a0;
    const a1 = (-2 * Math.cos(w)) / a0;
    const a2 = (1 - alpha) / a0;
    const x = input[i];
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

/** One-pole low-pass. */
function lowpass(input, freq) {
  const out = new Float64Array(input.length);
  const k = 1 - Math.exp((-2 * Math.PI * freq) / RATE);
  let y = 0;
  for (let i = 0; i < input.length; i++) {
    y += k * (input[i] - y);
    out[i] = y;
  }
  return out;
}

/** White noise of `seconds`. */
function noise(seconds, seed) {
  const r = rng(seed);
  const b = buffer(seconds);
  for (let i = 0; i < b.length; i++) b[i] = r() * 2 - 1;
  return b;
}

/** Attack/exponential-decay envelope value at time t (s). */
function env(t, attack, decay) {
  if (t < 0) return 0;
  if (t < attack) return t / attack;
  return Math.exp(-(t - attack) / decay);
}

/** Adds `src` scaled by `gain` into `dst` starting at `at` seconds. */
function mix(dst, src, at = 0, gain = 1) {
  const off = Math.round(at * RATE);
  for (let i = 0; i < src.length && off + i < dst.length; i++) dst[off + i] += src[i] * gain;
}

/** Scales to the given peak and fades the last few ms to silence. */
function finish(b, peak = 0.7) {
  let max = 0;
  for (const v of b) max = Math.max(max, Math.abs(v));
  const g = max > 0 ? peak / max : 0;
  const fade = Math.round(0.008 * RATE);
  for (let i = 0; i < b.length; i++) {
    const tail = b.length - 1 - i;
    b[i] *= g * (tail < fade ? tail / fade : 1);
  }
  return b;
}

/** Card flick: a short bright noise burst with a tiny click. */
function deal() {
  const d = 0.09;
  const n = bandpass(noise(d, 11), (i) => 4200 - (i / (d * RATE)) * 1800, 1.2);
  const b = buffer(d);
  for (let i = 0; i < b.length; i++) b[i] = n[i] * env(i / RATE, 0.002, 0.018);
  const click = noise(0.004, 12);
  mix(b, lowpass(click, 3000), 0, 0.5);
  return finish(b, 0.6);
}

/** Soft tap: a low pitched-down thump with a little felt noise. */
function place() {
  const d = 0.14;
  const b = buffer(d);
  let phase = 0;
  for (let i = 0; i < b.length; i++) {
    const t = i / RATE;
    const f = 120 + 110 * Math.exp(-t / 0.02);
    phase += (2 * Math.PI * f) / RATE;
    b[i] = Math.sin(phase) * env(t, 0.002, 0.03);
  }
  const n = lowpass(bandpass(noise(d, 21), 900, 0.8), 2000);
  for (let i = 0; i < n.length; i++) n[i] *= env(i / RATE, 0.001, 0.012);
  mix(b, n, 0, 0.8);
  return finish(b, 0.65);
}

/** Swish: band-passed noise sweeping upwards, swelling then fading. */
function discard() {
  const d = 0.3;
  const len = d * RATE;
  const n = bandpass(noise(d, 31), (i) => 700 * (1 + 3.5 * (i / len) ** 1.3), 1.6);
  const b = buffer(d);
  for (let i = 0; i < b.length; i++) {
    const x = i / len;
    b[i] = n[i] * Math.sin(Math.PI * x ** 0.7) ** 2;
  }
  return finish(b, 0.55);
}

/** Refusal: a low, short, slightly buzzy double thud. */
function refuse() {
  const d = 0.24;
  const b = buffer(d);
  const hit = (at, f0) => {
    const one = buffer(0.11);
    for (let i = 0; i < one.length; i++) {
      const t = i / RATE;
      const p = 2 * Math.PI * f0 * t;
      const tone = Math.sin(p) + 0.35 * Math.sin(2 * p) + 0.2 * Math.sin(3 * p) + 0.1 * Math.sin(5 * p);
      one[i] = tone * env(t, 0.004, 0.035);
    }
    mix(b, one, at);
  };
  hit(0, 140);
  hit(0.11, 104);
  return finish(lowpass(b, 1400), 0.6);
}

/** Win: a short bright major arpeggio with a soft bell timbre. */
function win() {
  const d = 1.3;
  const b = buffer(d);
  const notes = [523.25, 659.25, 783.99, 1046.5, 1318.51];
  notes.forEach((f, k) => {
    const last = k === notes.length - 1;
    const one = buffer(last ? 0.75 : 0.6);
    for (let i = 0; i < one.length; i++) {
      const t = i / RATE;
      const p = 2 * Math.PI * f * t;
      const tone = Math.sin(p) + 0.3 * Math.sin(2 * p) * Math.exp(-t / 0.08) + 0.12 * Math.sin(3.01 * p) * Math.exp(-t / 0.05);
      one[i] = tone * env(t, 0.005, last ? 0.3 : 0.18);
    }
    mix(b, one, k * 0.11, last ? 0.9 : 0.7);
  });
  return finish(b, 0.7);
}

/** 16-bit PCM mono WAV bytes. */
function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]));
    data.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const CUES = { deal, place, discard, refuse, win };

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

mkdirSync(OUT_DIR, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'sounds-'));
try {
  for (const [name, make] of Object.entries(CUES)) {
    const samples = make();
    const wavPath = join(tmp, `${name}.wav`);
    writeFileSync(wavPath, wav(samples));
    const common = ['-i', wavPath, '-map_metadata', '-1', '-fflags', '+bitexact', '-ac', '1'];
    const webm = join(OUT_DIR, `${name}.webm`);
    const mp3 = join(OUT_DIR, `${name}.mp3`);
    ffmpeg([...common, '-c:a', 'libopus', '-b:a', '32k', '-flags:a', '+bitexact', webm]);
    ffmpeg([...common, '-c:a', 'libmp3lame', '-b:a', '48k', '-ar', String(RATE), '-write_xing', '0', '-id3v2_version', '0', mp3]);
    const secs = (samples.length / RATE).toFixed(2);
    console.log(`${name.padEnd(8)} ${secs} s  webm ${statSync(webm).size} B  mp3 ${statSync(mp3).size} B`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
