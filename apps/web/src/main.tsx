import './zod-without-eval';
import { earlyStart } from './app/early-start';
import './theme/theme.css';
import './theme/global.css';

// The entry is kept small so that the first screen's data, its code and the app's all start
// loading at once (app/early-start.ts); the app starts when its shared code has arrived.
earlyStart(window.location.hash);
void import('./app/boot').then(({ boot }) => boot());
