/** Automatic play's one owner: the player's setting, suspended by the replay, applied to the session on the table. */
import { describe, expect, it } from 'vitest';
import { AutoPlay } from '../../src/app/table/autoplay.ts';
import { Session } from '../../src/app/table/session.ts';
import { findGame } from '../../src/games/catalog.ts';

describe('automatic play', () => {
  it('sets the session on the table from the setting; "never cost a win" plays safe moves in the engine and asks the solver', async () => {
    let asked = 0;
    const auto = new AutoPlay(async () => {
      asked++;
      return 42;
    });
    const session = new Session(findGame('australian'), 5);
    auto.choose('all');
    auto.attach(session);
    expect(session.autoMode).toBe('all');
    expect(auto.source()).toBeNull();
    auto.choose('solver');
    expect(session.autoMode).toBe('safe');
    expect(await auto.source()).toBe(42);
    expect(asked).toBe(1);
    auto.choose('off');
    expect(session.autoMode).toBe('off');
  });

  it('plays nothing by itself while suspended (a replay), and the setting returns after', () => {
    const auto = new AutoPlay(async () => null);
    const session = new Session(findGame('king-albert'), 1);
    auto.choose('solver');
    auto.attach(session);
    auto.suspend();
    expect(session.autoMode).toBe('off');
    expect(auto.source()).toBeNull();
    // A change of setting during the replay waits for it to end.
    auto.choose('all');
    expect(session.autoMode).toBe('off');
    auto.resume();
    expect(session.autoMode).toBe('all');
  });

  it('a new session gets the setting, not a suspension left from the last table', () => {
    const auto = new AutoPlay(async () => null);
    auto.choose('safe');
    auto.attach(new Session(findGame('aces-up'), 1));
    auto.suspend();
    const next = new Session(findGame('aces-up'), 2);
    auto.attach(next);
    expect(next.autoMode).toBe('safe');
  });
});
