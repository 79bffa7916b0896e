/**
 * The animation component (SPEC §9, ADR 371) on the real lottie-web light player under jsdom: the
 * defaults (loop, autoplay, 100% size, speed 1 and above 0, delay 0, forward, transparent, scale 1,
 * svg), a numeric loop count reduced by one, a failed load logged with nothing played, and the two
 * shipped animations are Lottie files the player draws.
 */
import { render, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import lottie, { type AnimationItem } from 'lottie-web/build/player/lottie_light';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_STATE_ANIMATION_PLAYS,
  EmptyStateAnimation,
} from '../../portal/components/empty-state-animation.tsx';
import { isLottieData, LottieAnimation } from '../../portal/components/lottie-animation.tsx';
import { emptyStateAnimation, launchInProgressAnimation } from '../../portal/lib/animation-files.ts';
import { animationSettings } from '../../portal/lib/animation-settings.ts';
import { mediaQueryList } from './media-query-list.ts';

describe('animationSettings', () => {
  it('defaults as SPEC §9 lists', () => {
    expect(animationSettings()).toEqual({
      loop: true,
      autoplay: true,
      width: '100%',
      height: '100%',
      speed: 1,
      delay: 0,
      direction: 1,
      backgroundColor: 'transparent',
      scale: 1,
      renderer: 'svg',
    });
  });

  it('reduces a numeric loop count by one (the player counts repeats after the first play)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (count) => {
        expect(animationSettings({ loop: count }).loop).toBe(count - 1);
      }),
    );
    expect(animationSettings({ loop: false }).loop).toBe(false);
  });

  it('takes any speed above 0 and refuses the others', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 100, noNaN: true }), (speed) => {
        expect(animationSettings({ speed }).speed).toBe(speed);
      }),
    );
    for (const speed of [0, -1, Number.NaN]) expect(() => animationSettings({ speed })).toThrow(RangeError);
  });
});

describe('LottieAnimation', () => {
  let players: AnimationItem[];

  beforeEach(() => {
    players = [];
    const loadAnimation = lottie.loadAnimation.bind(lottie);
    vi.spyOn(lottie, 'loadAnimation').mockImplementation((params) => {
      const item = loadAnimation(params);
      players.push(item);
      return item;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('draws the animation as svg in a transparent 100% box and plays it forward, looping, at speed 1', async () => {
    const { container } = render(<LottieAnimation load={launchInProgressAnimation} label="Launching" />);
    const box = container.querySelector('[data-animation]') as HTMLElement;
    expect(box.style.width).toBe('100%');
    expect(box.style.height).toBe('100%');
    expect(box.style.backgroundColor).toBe('transparent');
    expect(box.style.transform).toBe('');
    expect(box.getAttribute('role')).toBe('img');
    expect(box.getAttribute('aria-label')).toBe('Launching');
    await waitFor(() => expect(box.querySelector('svg')).not.toBeNull());
    expect(lottie.loadAnimation).toHaveBeenCalledWith(
      expect.objectContaining({ renderer: 'svg', loop: true, container: box }),
    );
    const [player] = players;
    await waitFor(() => expect(player.isPaused).toBe(false));
    expect(player.playSpeed).toBe(1);
    expect(player.playDirection).toBe(1);
  });

  it('passes a loop count reduced by one, waits the delay, scales, and is decorative without a label', async () => {
    const { container } = render(
      <LottieAnimation load={emptyStateAnimation} loop={3} delay={300} scale={0.5} speed={2} width={96} />,
    );
    const box = container.querySelector('[data-animation]') as HTMLElement;
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.style.width).toBe('96px');
    expect(box.style.transform).toBe('scale(0.5)');
    await waitFor(() => expect(players).toHaveLength(1));
    const [player] = players;
    expect(player.loop).toBe(2);
    expect(player.playSpeed).toBe(2);
    expect(player.isPaused).toBe(true);
    await waitFor(() => expect(player.isPaused).toBe(false), { timeout: 2000 });
  });

  it('shows the first frame without playing when the user prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, query.includes('reduce')));
    const { container } = render(<LottieAnimation load={launchInProgressAnimation} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(players[0].isPaused).toBe(true);
  });

  it('logs a failed load and plays nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = () => Promise.reject(new Error('chunk not found'));
    const { container } = render(<LottieAnimation load={failing} />);
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(logged.mock.calls[0][0]).toBe('Animation failed to load; nothing is played.');
    expect(container.querySelector('svg')).toBeNull();
    expect(lottie.loadAnimation).not.toHaveBeenCalled();
  });

  it('logs data that is no Lottie animation and plays nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<LottieAnimation load={() => Promise.resolve({ status: 'success' })} />);
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    expect(container.querySelector('svg')).toBeNull();
    expect(lottie.loadAnimation).not.toHaveBeenCalled();
  });

  it('plays the empty-state animation once, within 5 s, and then stands still (WCAG 2.2.2, ADR 795)', async () => {
    expect(EMPTY_STATE_ANIMATION_PLAYS).toBe(1);
    const data = (await emptyStateAnimation()) as { ip: number; op: number; fr: number };
    expect((EMPTY_STATE_ANIMATION_PLAYS * (data.op - data.ip)) / data.fr).toBeLessThanOrEqual(5);
    const { container } = render(<EmptyStateAnimation size={72} />);
    const box = container.querySelector('[data-animation]') as HTMLElement;
    expect(box.style.width).toBe('72px');
    expect(box.style.height).toBe('72px');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(players).toHaveLength(1));
    const [player] = players;
    await waitFor(() => expect(player.isPaused).toBe(false));
    // Its 3 s at 30 times the speed; a looping player would start again instead of completing.
    const completed = new Promise((resolve) => player.addEventListener('complete', resolve));
    player.setSpeed(30);
    await completed;
    expect(player.isPaused).toBe(true);
    expect(player.currentFrame).toBeGreaterThan(0);
  });

  it('stops and removes the player when unmounted', async () => {
    const { container, unmount } = render(<LottieAnimation load={launchInProgressAnimation} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const destroy = vi.spyOn(players[0], 'destroy');
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});

describe('the shipped animations', () => {
  it('are Lottie files', async () => {
    expect(isLottieData(await launchInProgressAnimation())).toBe(true);
    expect(isLottieData(await emptyStateAnimation())).toBe(true);
  });
});
