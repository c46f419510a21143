import { FollowListScreen } from './FollowListScreen';

/** /user/followed: whom the member follows. */
export default function FollowedScreen() {
  return <FollowListScreen type="following" />;
}
