/** What other features use of topics: reading them. */
export { topicsRepo } from './repo';
