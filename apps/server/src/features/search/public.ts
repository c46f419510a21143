/** What other features use of search: the term a search counts as hot. */
export { hotTermOf } from './terms';
