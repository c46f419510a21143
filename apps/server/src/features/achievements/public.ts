/** What other features use of achievements: granting the tiers a member's metrics have reached. */
export { type AchievementMetric, grantAchievements } from './grant';
