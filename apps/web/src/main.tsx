import './zod-without-eval';
import { earlyStart } from './shell/early-start';
import './theme/theme.css';
import './theme/global.css';

// The entry is kept small so that the first screen's data, its code and the app's all start
// loading at once (shell/early-start.ts); the app starts when its shared code has arrived.
earlyStart(window.location.hash);
void import('./shell/boot').then(({ boot }) => boot());
