import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareAudio, releaseAudio, withPageAudio } from './page-audio';

/** What Emscripten's OpenAL does in `alcCreateContext`: reads the constructor at call time. */
const openAlContext = (options?: AudioContextOptions) => new window.AudioContext(options);

class FakeAudioContext {
  static made = 0;
  state: AudioContextState = 'running';
  constructor(readonly options?: AudioContextOptions) {
    FakeAudioContext.made += 1;
  }
}

describe('the page audio context', () => {
  beforeEach(() => {
    FakeAudioContext.made = 0;
    vi.stubGlobal('window', { AudioContext: FakeAudioContext });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands every start the context made at Play, one per sample rate', () => {
    prepareAudio();
    const first = withPageAudio(() => openAlContext());
    const second = withPageAudio(() => openAlContext());
    expect(second).toBe(first);
    expect(FakeAudioContext.made).toBe(1);
    const other = withPageAudio(() => openAlContext({ sampleRate: 22050 }));
    expect(other).not.toBe(first);
    expect(FakeAudioContext.made).toBe(2);
  });

  it('makes a new one once the kept one is closed, and leaves the constructor as it was', () => {
    const first = withPageAudio(() => openAlContext());
    (first as unknown as FakeAudioContext).state = 'closed';
    expect(withPageAudio(() => openAlContext())).not.toBe(first);
    expect(window.AudioContext).toBe(FakeAudioContext);
    expect(openAlContext()).not.toBe(first);
  });

  it('stops an ended game feeding the context and takes its output off it', () => {
    const disconnect = vi.fn();
    const interval = setInterval(() => undefined, 1000);
    const clear = vi.spyOn(globalThis, 'clearInterval');
    releaseAudio({
      contexts: { 1: { interval, gain: { disconnect } as unknown as AudioNode }, 2: undefined },
    });
    expect(clear).toHaveBeenCalledWith(interval);
    expect(disconnect).toHaveBeenCalledOnce();
    releaseAudio(undefined);
  });
});
