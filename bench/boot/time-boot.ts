import type { Page } from 'playwright-core';
import type { HostWindow, PlayableGame } from '../../e2e/support/games-play';

/** What bench/boot/profile.ts leaves on the page to note a start's steps; absent in the bench. */
interface BootMarks {
  __bootMarks?: [string, number][];
  __ejs?: { gameManager?: { functions: { getFrameNum(): number } } };
}

/** Calls startGame in the page and times, on the page's own clock, until a frame is drawn. */
export function timeBoot(page: Page, game: PlayableGame): Promise<number> {
  return page.evaluate(
    (request) =>
      new Promise<number>((resolve, reject) => {
        const copy = document.createElement('canvas');
        copy.width = 64;
        copy.height = 64;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        // Reading a WebGL canvas back makes SwiftShader finish and copy its frame, which slowed
        // the boot it was timing: the picture is read only once the core has drawn something.
        let drawn = false;
        for (const gl of [WebGLRenderingContext, WebGL2RenderingContext]) {
          for (const name of ['drawArrays', 'drawElements'] as const) {
            const draw = gl.prototype[name] as (...args: unknown[]) => void;
            gl.prototype[name] = function (this: unknown, ...args: unknown[]) {
              drawn = true;
              gl.prototype[name] = draw as never;
              return draw.apply(this, args);
            } as never;
          }
        }
        const marks = (window as unknown as BootMarks).__bootMarks;
        if (marks) marks.length = 0;
        const started = performance.now();
        marks?.push(['Play', started]);
        (window as unknown as HostWindow).pixelhallHost.call('startGame', request).catch(reject);
        const check = () => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (ctx && drawn && canvas?.width) {
            ctx.drawImage(canvas, 0, 0, 64, 64);
            const px = ctx.getImageData(0, 0, 64, 64).data;
            for (let i = 4; i < px.length; i += 4) {
              if (px[i] !== px[0] || px[i + 1] !== px[1] || px[i + 2] !== px[2]) {
                const frames = (window as unknown as BootMarks).__ejs?.gameManager?.functions.getFrameNum();
                marks?.push([`first frame (core frame ${frames})`, performance.now()]);
                return resolve(performance.now() - started);
              }
            }
          }
          if (performance.now() - started > 60_000) return reject(new Error('no frame within 60 s'));
          setTimeout(nextFrame, 0);
        };
        // A WebGL canvas is readable only in the frame it is drawn, after the emulator drew it:
        // asking for the next frame from a task (not from inside a frame callback) queues this
        // check behind the emulator's own frame callback.
        const nextFrame = () => requestAnimationFrame(check);
        nextFrame();
      }),
    game,
  );
}

/** Leaves the game the way the member does (Back), so the next start begins from the app. */
export async function leave(page: Page): Promise<void> {
  await page.locator('.ph-player').getByRole('button', { name: 'Back', exact: true }).click();
  await page.locator('.ph-player').waitFor({ state: 'detached' });
}
