/** What other features use of options: reading an operator's setting. */
export type { OptionsService } from './service';
