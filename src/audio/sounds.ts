/**
 * Sound cues for game events, played with howler (Web Audio, webm/Opus with an mp3 fallback).
 * Audio is decoration: nothing here may throw into the game or wait for sound.
 */
import { Howl, Howler } from 'howler';
import dealMp3 from '../../assets/sounds/deal.mp3?url';
import dealWebm from '../../assets/sounds/deal.webm?url';
import discardMp3 from '../../assets/sounds/discard.mp3?url';
import discardWebm from '../../assets/sounds/discard.webm?url';
import placeMp3 from '../../assets/sounds/place.mp3?url';
import placeWebm from '../../assets/sounds/place.webm?url';
import refuseMp3 from '../../assets/sounds/refuse.mp3?url';
import refuseWebm from '../../assets/sounds/refuse.webm?url';
import winMp3 from '../../assets/sounds/win.mp3?url';
import winWebm from '../../assets/sounds/win.webm?url';

/** The name of a sound cue. */
export type Cue = 'deal' | 'place' | 'discard' | 'refuse' | 'win';

/** Every cue, in a fixed order. */
export const CUES: readonly Cue[] = ['deal', 'place', 'discard', 'refuse', 'win'];

const FILES: Record<Cue, readonly [webm: string, mp3: string]> = {
  deal: [dealWebm, dealMp3],
  place: [placeWebm, placeMp3],
  discard: [discardWebm, discardMp3],
  refuse: [refuseWebm, refuseMp3],
  win: [winWebm, winMp3],
};

const VOLUME: Record<Cue, number> = { deal: 0.5, place: 0.6, discard: 0.6, refuse: 0.6, win: 0.7 };

/** Minimum gap between two `deal` cues, in ms (a 104-card deal must not become a roar). */
export const DEAL_GAP_MS = 40;

/** Plays the game's sound cues; muting is remembered by the caller (settings), not here. */
export class Sounds {
  private _muted: boolean;
  private readonly baseUrl: string | undefined;
  private howls: Partial<Record<Cue, Howl>> | null = null;
  private lastDeal = Number.NEGATIVE_INFINITY;
  private readonly logged = new Set<string>();

  /** Loads the cues now unless muted (then on first unmute); `baseUrl` overrides the bundled file URLs' folder. */
  constructor(opts: { muted: boolean; baseUrl?: string }) {
    this._muted = opts.muted;
    this.baseUrl = opts.baseUrl;
    if (!this._muted) this.load();
  }

  /** Plays a cue; never throws or blocks; skipped (logged once) when locked, loading, missing or failed. */
  play(cue: Cue): void {
    if (this._muted) return;
    try {
      if (cue === 'deal') {
        const now = typeof performance !== 'undefined' ? performance.now() : Date.now();
        if (now - this.lastDeal < DEAL_GAP_MS) return;
        this.lastDeal = now;
      }
      const howl = this.load()?.[cue];
      const skip = this.skipReason(cue, howl);
      if (skip) {
        this.once(skip[0], skip[1]);
        return;
      }
      howl?.play();
    } catch (err) {
      this.once('error', `sound: ${cue} failed: ${String(err)}`);
    }
  }

  /** Why a cue cannot play right now, as [log key, message], or null when it can. */
  private skipReason(cue: Cue, howl: Howl | undefined): [string, string] | null {
    if (!howl) return ['missing', `sound: ${cue} unavailable`];
    if (Howler.noAudio) return ['noaudio', 'sound: no audio output'];
    const ctx = Howler.ctx as AudioContext | undefined;
    // A suspended context (no user gesture yet) would queue cues and play them all at once later.
    if (Howler.usingWebAudio && ctx && ctx.state !== 'running') {
      return ['locked', 'sound: audio is locked until the first user gesture'];
    }
    if (howl.state() !== 'loaded') return [`loading:${cue}`, `sound: ${cue} not loaded yet`];
    return null;
  }

  /** True when cues are silenced. */
  get muted(): boolean {
    return this._muted;
  }

  /** Silences or restores the cues (stopping any that are playing). */
  setMuted(muted: boolean): void {
    this._muted = muted;
    try {
      if (muted) {
        for (const howl of Object.values(this.howls ?? {})) howl?.stop();
      } else {
        this.load();
      }
    } catch (err) {
      this.once('error', `sound: ${String(err)}`);
    }
  }

  private load(): Partial<Record<Cue, Howl>> | null {
    if (this.howls) return this.howls;
    this.howls = {};
    if (typeof window === 'undefined') return this.howls;
    for (const cue of CUES) {
      try {
        const [webm, mp3] = FILES[cue];
        const howl = new Howl({
          src: [this.url(webm, cue, 'webm'), this.url(mp3, cue, 'mp3')],
          format: ['webm', 'mp3'],
          preload: true,
          html5: false,
          volume: VOLUME[cue],
          onloaderror: (_id, err) => {
            delete this.howls?.[cue];
            this.once(`loaderror:${cue}`, `sound: ${cue} failed to load: ${String(err)}`);
          },
          onplayerror: (_id, err) => this.once(`playerror:${cue}`, `sound: ${cue} failed to play: ${String(err)}`),
        });
        this.howls[cue] = howl;
      } catch (err) {
        this.once(`create:${cue}`, `sound: ${cue} unavailable: ${String(err)}`);
      }
    }
    return this.howls;
  }

  private url(bundled: string, cue: Cue, ext: string): string {
    if (this.baseUrl === undefined) return bundled;
    return `${this.baseUrl.replace(/\/?$/, '/')}${cue}.${ext}`;
  }

  private once(key: string, message: string): void {
    if (this.logged.has(key)) return;
    this.logged.add(key);
    console.info(message);
  }
}
