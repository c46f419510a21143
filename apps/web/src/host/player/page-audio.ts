/**
 * One AudioContext for the page's games. The cores' OpenAL (Emscripten's) makes a new
 * AudioContext on every start, which costs the start about a second on a loaded phone and is
 * never closed after: each Play left one more running. Here a start gets the page's context
 * (one per sample rate), made ahead at Play, and a game that ends lets go of its part of it.
 */

/** The part of a context made by Emscripten's OpenAL (`AL.contexts`) that holds on to audio. */
interface AlContext {
  interval?: ReturnType<typeof setInterval>;
  gain?: AudioNode;
}

/** Emscripten's OpenAL state, as the core's module exposes it (`Module.AL`). */
export interface OpenAl {
  contexts: Record<string, AlContext | undefined>;
}

const contexts = new Map<number | undefined, AudioContext>();

/** The kept context for `options`, made with `Native` (the browser's own) when there is none. */
function pageContext(Native: typeof AudioContext, options?: AudioContextOptions): AudioContext {
  const key = options?.sampleRate;
  let context = contexts.get(key);
  if (!context || context.state === 'closed') {
    context = new Native(options);
    contexts.set(key, context);
  }
  return context;
}

/**
 * Makes the page's context now, at the Play tap: the core asks for one with no options (the
 * browser's rate), and a context made in a tap also starts running rather than suspended.
 */
export function prepareAudio(): void {
  if (typeof window.AudioContext === 'function') pageContext(window.AudioContext);
}

/** Runs `start` (the core's boot, where OpenAL makes its context) handing out the page's context. */
export function withPageAudio<T>(start: () => T): T {
  const native = window.AudioContext;
  if (typeof native !== 'function') return start();
  // A constructor that returns an object gives `new` that object.
  // biome-ignore lint/complexity/useArrowFunction: OpenAL calls it with `new`, which an arrow function refuses.
  const shared = function (options?: AudioContextOptions) {
    return pageContext(native, options);
  } as unknown as typeof AudioContext;
  window.AudioContext = shared;
  try {
    return start();
  } finally {
    window.AudioContext = native;
  }
}

/**
 * Detaches an ended game's OpenAL from the page's context: its output and the timer that feeds
 * it (Emscripten stops neither when the module is aborted).
 */
export function releaseAudio(al: OpenAl | undefined): void {
  for (const context of Object.values(al?.contexts ?? {})) {
    if (!context) continue;
    if (context.interval !== undefined) clearInterval(context.interval);
    context.gain?.disconnect();
  }
}
