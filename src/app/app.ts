/**
 * The app: settings, statistics and saves (through the one store), routes, the toolbar, dialogs
 * and the table of the current game. It decides what is dealt and records what happened; the
 * table plays, the engine rules.
 */
import { openingState } from '../engine/play.ts';
import { findGame, type Game, type GameId, GAMES } from '../games/catalog.ts';
import { loadSettings, SETTINGS_KIND, type Settings } from '../persist/settings.ts';
import { emptyStats, STATS_KIND } from '../persist/stats.ts';
import type { Problem, Store } from '../persist/store.ts';
import type { Scene } from '../render/scene.ts';
import { SolverClient } from '../solver/client.ts';
import { Announcer, describeChange, describeSpot } from './table/announce.ts';
import { Assist, type HintAnswer } from './assist/assist.ts';
import { cardLabel } from './table/describe.ts';
import { SolverService } from './assist/solverService.ts';
import { dailyPick, randomDeal, utcDate, winnablePick } from './page/deals.ts';
import { winnableDeals, winnableLine } from './assist/winnableLists.ts';
import { closeDialog, confirmAbandonDialog, dealNumberDialog, dialogOpen, keysDialog, rulesDialog, settingsDialog, showDialog } from './page/dialogs.ts';
import { Frame } from './page/frame.ts';
import { buildHome, type Home } from './page/home.ts';
import { isHomeRoute, parseRoute, routeHash } from './page/routes.ts';
import { Keys } from '../input/keys.ts';
import { carried } from '../input/pointer.ts';
import { freshMeta, type Meta, Records } from './records.ts';
import { AutoPlay } from './table/autoplay.ts';
import { Ending } from './table/ending.ts';
import { Session } from './table/session.ts';
import { statsDialog, statsFigures } from './page/statsDialog.ts';
import { type StringKey, Strings } from './page/strings.ts';
import { type CuePlayer, Table } from './table/table.ts';
import { closeBanner } from './page/banner.ts';
import { buildUi, type Difficulty, el, type Ui } from './page/ui.ts';

/** The sound side the app needs. */
export interface SoundSwitch extends CuePlayer {
  /** Mutes or unmutes. */
  setMuted(muted: boolean): void;
}

const PROBLEM_SAVE: Partial<Record<Problem, StringKey>> = { corrupt: 'problemSaveCorrupt', version: 'problemSaveVersion' };

/** The running app. */
export class App {
  private readonly store: Store;
  private readonly scene: Scene;
  private readonly root: HTMLElement;
  private readonly sounds: SoundSwitch;
  /** The settings in force. */
  settings: Settings;
  /** The statistics, the saves and the clock. */
  private readonly records: Records;
  private t: Strings;
  private ui: Ui;
  /** The table of the current game, or null before the first route. */
  table: Table | null = null;
  /** The solver at the table. */
  readonly assist: Assist;
  /** The page's one key listener. */
  private readonly keys = new Keys();
  /** Automatic play's one owner. */
  private readonly autoplay = new AutoPlay(() => this.assist.autoMove());
  /** The live region for screen readers. */
  readonly announcer: Announcer;
  private routeToken = 0;
  /** Routes still being resolved (a daily deal waits for its list): the page is not idle meanwhile. */
  private routing = 0;
  private storageWarned = false;
  private startupProblems: string[] = [];
  /** The bars and the dock around the table. */
  private readonly frame: Frame;
  /** The game's end: the win dialog, the loss banner. */
  private readonly ending = new Ending({
    won: (table) => {
      this.announcer.say(this.t.t('wonTitle'));
      this.showWin(table);
    },
    lost: (table, reason) => {
      this.announcer.say(this.t.t(reason === 'stuck' ? 'stuckTitle' : 'deadTitle'));
      this.assist.lossBanner(table, reason);
    },
    recovered: () => closeBanner(),
  });

  /** Starts the app over `scene` with the toolbar in `root`. */
  constructor(root: HTMLElement, scene: Scene, store: Store, sounds: SoundSwitch) {
    this.root = root;
    this.scene = scene;
    this.store = store;
    this.sounds = sounds;
    const problems: string[] = [];
    const env = { languages: navigator.languages ?? [navigator.language], reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches };
    const loaded = loadSettings(store, env);
    this.settings = loaded.settings;
    this.t = new Strings(this.settings.language);
    if (loaded.problem === 'corrupt' || loaded.problem === 'version') problems.push(this.t.t('problemSettingsBad'));
    const st = store.read(STATS_KIND);
    this.records = new Records(store, st.value ?? emptyStats(), (p) => this.warn(p));
    if (st.problem === 'corrupt' || st.problem === 'version') {
      store.quarantine(STATS_KIND.key);
      problems.push(this.t.t(st.problem === 'corrupt' ? 'problemStatsCorrupt' : 'problemStatsVersion'));
    }
    if (loaded.problem === 'refused' || st.problem === 'refused') {
      this.storageWarned = true;
      problems.push(this.t.t('problemStorageRefused'));
    }
    this.announcer = new Announcer(root);
    this.autoplay.choose(this.settings.autoCollect);
    this.assist = new Assist(
      {
        table: () => this.table,
        strings: () => this.t,
        verdictWanted: () => this.settings.showVerdict,
        message: (text, action) => this.ui.message(text, 'note', action),
        thinking: (on) => this.ui.thinking(on),
        countHint: () => {
          if (this.table) this.records.countHint(this.table.rules.id);
        },
        refresh: () => this.refresh(),
        autoplay: () => this.autoplay,
        relayout: () => this.frame.relayout(),
        newWinnable: () => this.leaveThen(() => void this.newDeal(true)),
      },
      new SolverService(new SolverClient()),
    );
    this.sounds.setMuted(!this.settings.sound);
    this.scene.setArt({ back: this.settings.cardBack, fourColour: this.settings.fourColour });
    this.frame = new Frame(
      root,
      scene,
      () => this.ui,
      () => this.table,
    );
    this.ui = this.buildToolbar();
    this.applyLanguage();
    this.startupProblems = problems;
    addEventListener('hashchange', () => void this.route());
    this.frame.watch();
    // The one key listener: the render loop wakes first, then the page's shortcuts; each table adds its keyboard play.
    this.keys.add(() => this.scene.wake());
    this.keys.add((e) => this.key(e));
    document.addEventListener('visibilitychange', () => this.visibility());
    addEventListener('pagehide', () => this.persist());
    // A pointer on the table while the solver replays means the player takes over.
    scene.app.canvas.addEventListener('pointerdown', () => this.assist.stopReplay(), { capture: true });
    setInterval(() => this.tick(), 1000);
  }

  /** The home screen while it is shown. */
  private home: Home | null = null;

  /** Shows the home screen (the table under it stands still), with `notes` as a toast. */
  private showHome(notes: string[]): void {
    this.home?.destroy();
    this.records.stopClock();
    const saved: Partial<Record<GameId, boolean>> = {};
    for (const g of GAMES) saved[g.id] = this.records.hasGameInProgress(g.id);
    this.home = buildHome(this.root, this.t, GAMES, this.records.stats, saved, (id) => {
      location.hash = `#/${id}`;
    });
    document.body.dataset.view = 'home';
    this.ui.message(notes.join(' '));
    this.refresh();
    this.frame.relayout();
  }

  private hideHome(): void {
    if (!this.home) return;
    this.home.destroy();
    this.home = null;
    document.body.dataset.view = 'table';
  }

  /** True while the home screen is shown. */
  homeShown(): boolean {
    return this.home !== null;
  }

  /** Plays the route in the address bar. */
  start(): Promise<void> {
    this.frame.start();
    return this.route(this.startupProblems.splice(0));
  }

  private buildToolbar(): Ui {
    return buildUi(this.root, this.t, {
      home: () => {
        location.hash = '#/';
      },
      newDeal: () => this.leaveThen(() => void this.newDeal()),
      setWinnable: (on) => {
        if (!this.table) return;
        this.change({ winnableOnly: { ...this.settings.winnableOnly, [this.table.rules.id]: on } });
      },
      setDifficulty: (d) => {
        if (!this.table) return;
        this.change({ difficulty: { ...this.settings.difficulty, [this.table.rules.id]: d } });
      },
      undo: () => this.table?.undo(),
      redo: () => this.table?.redo(),
      dealNumber: () => dealNumberDialog(this.t, (n) => this.leaveThen(() => this.go(n))),
      daily: () => this.leaveThen(() => this.go('daily')),
      restart: () => this.table?.undoAll(),
      statistics: () => this.showStats(),
      settings: () => settingsDialog(this.t, this.settings, (p) => this.change(p)),
      rules: () => {
        if (this.table) void rulesDialog(this.t, this.table.rules.id);
      },
      hint: () => void this.hint(),
      solve: () => void this.assist.solve(),
      analysis: () => this.assist.toggleAnalysis(),
      keys: () => keysDialog(this.t),
    });
  }

  /** The hint the Hint button shows (also the page hook's `hint()`). */
  hint(): Promise<HintAnswer> {
    return this.assist.hint();
  }

  /** True when nothing moves by itself: the table is idle and no replay plays. */
  get idle(): boolean {
    return this.routing === 0 && (this.homeShown() || (!!this.table?.idle && !this.assist.replaying));
  }

  /** The strings in the player's language. */
  get strings(): Strings {
    return this.t;
  }

  private get game(): Game {
    return this.table?.rules ?? GAMES[0]!;
  }

  /** Goes to a deal of the current game through the address (the route does the rest). */
  private go(deal: number | 'daily'): void {
    const want = routeHash(this.game.id, deal);
    if (location.hash === want) void this.route();
    else location.hash = want;
  }

  /** True when new deals of `game` come from its winnable list (the default until the player says otherwise). */
  private winnableOn(game: GameId): boolean {
    return this.settings.winnableOnly[game] ?? true;
  }

  /** The difficulty of winnable deals of `game`. */
  private difficulty(game: GameId): Difficulty {
    return this.settings.difficulty[game] ?? 'any';
  }

  /**
   * A new deal: from the winnable list (of the chosen difficulty) when the switch is on or
   * `winnable` asks for it, else a random number.
   */
  private async newDeal(winnable = false): Promise<void> {
    const game = this.game.id;
    let deal = randomDeal();
    if (winnable || this.winnableOn(game)) {
      let list = await winnableDeals(game, this.difficulty(game));
      if (!list.length) list = await winnableDeals(game);
      // Not the deal on the table, when it is this game's.
      const current = this.table?.rules.id === game ? this.table.session.deal : undefined;
      if (list.length) deal = winnablePick(list, current);
      else this.ui.message(this.t.t('noWinnableList'), 'note');
    }
    this.go(deal);
  }

  /** Runs `then` at once, or after the player confirms leaving a game in progress. */
  private leaveThen(then: () => void): void {
    if (!this.inProgress() || !this.settings.confirmAbandon) {
      then();
      return;
    }
    confirmAbandonDialog(this.t, (dontAsk) => {
      if (dontAsk) this.change({ confirmAbandon: false });
      then();
    });
  }

  private inProgress(): boolean {
    const meta = this.records.meta;
    return this.table !== null && meta.started && !meta.finished && !this.table.session.won;
  }

  // ---- routes, saves and sessions ----

  private async route(extra: string[] = []): Promise<void> {
    this.routing++;
    try {
      await this.routeNow(extra);
    } finally {
      this.routing--;
    }
  }

  private async routeNow(extra: string[]): Promise<void> {
    const token = ++this.routeToken;
    this.persist();
    if (isHomeRoute(location.hash)) {
      this.showHome(extra);
      return;
    }
    this.hideHome();
    const { route: r, error } = parseRoute(location.hash);
    const notes = [...extra];
    if (error) notes.push(this.t.t(error.key, { text: error.text, max: 0xffffffff }));
    const rules = findGame(r.game)!;
    const loaded = this.records.loadSave(rules);
    const saved = loaded.found;
    const bad = loaded.problem ? PROBLEM_SAVE[loaded.problem] : undefined;
    if (bad) notes.push(this.t.t(bad, { game: rules.names[this.t.lang] }));
    let deal: number;
    let daily: string | null = null;
    if (r.deal === 'daily') {
      daily = utcDate();
      // A daily deal started today stays this player's deal all day, even when an update since has
      // brought a winnable list that picks another: its save resumes and its calendar entry holds.
      const started = this.records.stats.daily[daily]?.[rules.id]?.deal;
      if (started !== undefined) deal = started;
      else {
        const list = await winnableDeals(rules.id).catch(() => [] as number[]);
        if (token !== this.routeToken) return;
        if (list.length) deal = dailyPick(rules.id, daily, list);
        else {
          notes.push(this.t.t('noWinnableList'));
          daily = null;
          deal = randomDeal();
        }
      }
    } else if (r.deal === 'resume') {
      deal = saved && !saved.save.finished ? saved.save.deal : randomDeal();
      if (saved && !saved.save.finished) daily = saved.save.daily;
    } else deal = r.deal;
    const want = routeHash(rules.id, daily !== null && r.deal === 'daily' ? 'daily' : deal);
    if (location.hash !== want) history.replaceState(null, '', want);
    let session: Session;
    let meta: Meta;
    const resumed = !!saved && saved.save.deal === deal && saved.save.daily === daily && (r.deal !== 'resume' || !saved.save.finished);
    if (saved && resumed) {
      session = saved.session;
      meta = { daily, started: saved.save.started, finished: saved.save.finished, elapsedMs: saved.save.elapsedMs, runningSince: null };
    } else {
      if (saved) this.records.abandon(rules, saved.save, saved.session);
      session = new Session(rules, deal);
      meta = freshMeta(daily);
    }
    // A bad address says what it led to: the saved game goes on, or a new deal.
    if (error) notes.push(this.t.t(resumed && saved.save.started ? 'routeResumed' : 'routeNewDeal', { game: rules.names[this.t.lang] }));
    this.mount(session, meta);
    this.ui.message(notes.join(' '));
  }

  private mount(session: Session, meta: Meta): void {
    closeDialog();
    this.assist.reset();
    this.table?.destroy();
    this.autoplay.attach(session);
    this.records.meta = meta;
    this.ending.reset();
    this.table = new Table(this.scene, session, this.sounds, {
      speed: this.settings.speed,
      leftHanded: this.settings.leftHanded,
      insets: () => this.frame.insets(),
      onChange: () => this.changed(),
      onSettled: () => {
        if (this.table) this.ending.settled(this.table);
      },
      tapToMove: () => this.settings.tapToMove,
      autoSource: () => this.autoplay.source(),
      keys: this.keys,
      announceKey: (what, spot) => {
        const st = session.view;
        if (what === 'focus' && spot) this.announcer.say(describeSpot(this.t, session.rules, st, spot));
        else if (what === 'picked' && spot && spot.index >= 0) {
          // In Royal Marriage's row a card may be picked up with its neighbour (what its put-down discards).
          const c = carried(session.rules, st, spot.pile, spot.index);
          const cards = c.count !== undefined && c.count > 1 ? st.piles[spot.pile]!.slice(c.first, c.first + c.count) : [];
          if (cards.length) this.announcer.say(this.t.t('pickedCards', { cards: cards.map((x) => cardLabel(this.t, x)).join(', ') }));
          else this.announcer.say(this.t.t('picked', { card: cardLabel(this.t, st.piles[spot.pile]![spot.index]!) }));
        }
        else if (what === 'refused') this.announcer.say(this.t.t('refused'));
        else if (what === 'dropped') this.announcer.say(this.t.t('dropped'));
      },
      words: this.feltWords(),
    });
    session.on((c) => this.announcer.say(describeChange(this.t, session.rules, c)));
    // The warning at the crossroads, when asked for: a player's move that gives up the win.
    session.on((c) => {
      if (c.kind === 'move' && this.settings.warnCrossroads && !this.assist.replayShown && this.table) void this.assist.checkMove(this.table, c.before, c.after);
    });
    this.records.runClock(session);
    this.refresh();
    this.assist.warm(session.rules, session.view);
    // A stored winnable deal brings its proven line: hints from the opening on are instant.
    void winnableLine(session.rules, session.deal).then((decode) => {
      if (!decode || session.flags !== 0) return;
      this.assist.learn(session.rules, () => {
        const line = decode();
        return line ? { state: openingState(session.rules, session.deal), line } : null;
      });
    });
  }

  /** After every change of the session: count the start, save, show. */
  private changed(): void {
    const table = this.table;
    if (!table) return;
    this.records.changed(table.session);
    this.assist.changed();
    this.refresh();
  }

  private showWin(table: Table): void {
    const s = table.session;
    const text = this.t.t('wonText', { game: s.rules.names[this.t.lang], deal: s.deal, time: this.t.time(this.records.elapsed()), moves: this.t.count('move', s.moveCount) });
    showDialog(
      'win-dialog',
      this.t.t('wonTitle'),
      [el('p', { textContent: text }), statsFigures(this.t, this.records.stats, s.rules.id)],
      [
        { label: this.t.t('close') },
        { label: this.t.t('nextDeal'), primary: true, id: 'win-next', action: () => void this.newDeal() },
      ],
    );
  }

  private showStats(): void {
    statsDialog(this.t, this.records.stats, this.game.id, {
      replace: (stats) => this.records.replaceStats(stats),
    });
  }

  // ---- saving ----

  /** Saves the current game (after every move, and when the page hides). */
  persist(): void {
    this.records.persist(this.table?.session);
  }

  private warn(p: Problem | null): void {
    if (!p || this.storageWarned) return;
    this.storageWarned = true;
    this.ui.message(this.t.t(p === 'full' ? 'problemStorageFull' : 'problemStorageRefused'));
  }

  // ---- settings ----

  /** Applies and remembers a change of settings. */
  change(patch: Partial<Settings>): void {
    const before = this.settings;
    this.settings = { ...before, ...patch };
    this.warn(this.store.write(SETTINGS_KIND, this.settings));
    const table = this.table;
    if (patch.sound !== undefined) this.sounds.setMuted(!this.settings.sound);
    if (patch.speed && table) table.setSpeed(this.settings.speed);
    if (patch.leftHanded !== undefined && table) table.setLeftHanded(this.settings.leftHanded);
    if (patch.autoCollect) this.autoplay.choose(this.settings.autoCollect);
    if (patch.showVerdict !== undefined) this.assist.updateVerdict();
    if (patch.cardBack || patch.fourColour !== undefined) {
      const art = { back: this.settings.cardBack, fourColour: this.settings.fourColour };
      if (table) table.setArt(art);
      else this.scene.setArt(art);
    }
    if (patch.language && patch.language !== before.language) {
      this.t = new Strings(this.settings.language);
      this.ui.destroy();
      this.ui = this.buildToolbar();
      this.frame.watch();
      this.applyLanguage();
      if (this.homeShown()) this.showHome([]);
      table?.setWords(this.feltWords());
      if (dialogOpen()) settingsDialog(this.t, this.settings, (p) => this.change(p));
    }
    this.refresh();
  }

  private applyLanguage(): void {
    document.documentElement.lang = this.t.lang;
    document.title = this.t.t('appTitle');
  }

  // ---- clock ----

  private visibility(): void {
    this.records.runClock(this.table?.session);
    if (document.visibilityState === 'hidden') this.persist();
  }

  private tick(): void {
    if (this.records.clockRunning && this.settings.showClock) this.refresh();
  }

  // ---- the toolbar and the page ----

  private statusText(): string {
    const table = this.table;
    if (!table) return '';
    const s = table.session;
    const parts = [this.records.meta.daily ? this.t.t('dailyLabel', { date: this.records.meta.daily }) : this.t.t('dealLabel', { deal: s.deal })];
    if (this.settings.showMoves) parts.push(this.t.t('movesLabel', { n: s.moveCount }));
    if (this.settings.showClock) parts.push(this.t.t('timeLabel', { time: this.t.time(this.records.elapsed()) }));
    if (s.won) parts.push(this.t.t('youWon'));
    else if (table.idle) {
      const v = this.ending.verdict(s);
      if (v.stuck) parts.push(this.t.t('noMoreMoves'));
      else if (v.dead) parts.push(this.t.t('cannotWin'));
      else {
        const live = this.assist.verdictText();
        if (live) parts.push(live);
      }
    }
    return parts.join(' · ');
  }

  private refresh(): void {
    const table = this.table;
    if (!table) return;
    const id = table.rules.id;
    this.ui.update({
      game: this.homeShown() ? null : id,
      canUndo: table.session.canUndo,
      canRedo: table.session.canRedo,
      winnable: this.winnableOn(id),
      difficulty: this.difficulty(id),
      status: this.statusText(),
    });
  }

  /** The words on the felt, in the player's language. */
  private feltWords(): { up: string; down: string; waste: string; discard: string } {
    return { up: this.t.t('feltUp'), down: this.t.t('feltDown'), waste: this.t.t('feltWaste'), discard: this.t.t('feltDiscard') };
  }

  private key(e: KeyboardEvent): void {
    if (dialogOpen() || this.homeShown()) return;
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement;
    if (!typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const k = e.key.toLowerCase();
      if (k === 'h') void this.hint();
      else if (k === 'u') this.table?.undo();
      else if (k === 'n') this.leaveThen(() => void this.newDeal());
      else if (e.key === '?') keysDialog(this.t);
      else return;
      e.preventDefault();
      return;
    }
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) this.table?.undo();
    else if (k === 'y' || (k === 'z' && e.shiftKey)) this.table?.redo();
    else return;
    e.preventDefault();
  }
}
