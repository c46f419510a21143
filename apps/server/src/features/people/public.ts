/** Who members are to each other, for any feature that shows people or what they wrote. */
export { blockedBy, hasBlocked } from './blacklist';
export { authorsOf, userCardsOf } from './cards';
