/** What other features use of tasks: advancing a member's tasks for an action. */
export { advanceTasks } from './progress';
