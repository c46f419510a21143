/** What other features use of levels: the one way experience (and with it a level) is earned. */
export { type ExperienceGrant, grantExperience } from './experience';
