import { FollowListScreen } from './FollowListScreen';

/** /user/beingfollowed: who follows the member. */
export default function BeingFollowedScreen() {
  return <FollowListScreen type="followers" />;
}
