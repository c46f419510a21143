import { ActionSheet, type ActionSheetProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGameFavourite, useToggleFavourite } from '../../api/queries/games';
import { useGuard } from '../../core/guard';
import { useNavigate } from '../../core/navigation';
import { useOverlayStyle } from '../../core/overlay';
import { useSession } from '../../state/session';
import type { GameMenuTarget } from '../../ui/games/game-card-menu';
import { useShareGame } from './share-game';

/**
 * A held game card's menu (docs/product/games-library-and-player.md): its page (where it downloads and plays), the favourite
 * toggle (members; a visitor is sent to sign in) and its link to share.
 */
export default function GameMenu({
  game,
  open,
  onOpenChange,
}: {
  game: GameMenuTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useGuard();
  const member = useSession((s) => Boolean(s.token));
  const favourite = useGameFavourite(game.id);
  const toggle = useToggleFavourite();
  const share = useShareGame();
  const style = useOverlayStyle(open);
  const collected = favourite.data?.is_collected ?? false;

  const actions: ActionSheetProps['actions'] = [
    { key: 'open', text: t('romUi.openPage'), onClick: () => navigate(`/rom/${game.id}`) },
    {
      key: 'favourite',
      text: collected ? t('romUi.unfavourite') : t('romUi.favourite'),
      // A member's answer is needed first, or the toggle could add what is already there.
      disabled: member && (!favourite.data || toggle.isPending),
      onClick: () => guard({ action: () => toggle.mutate({ id: game.id, collect: !collected }) }),
    },
    { key: 'share', text: t('romUi.share'), onClick: () => void share(game) },
  ];

  return (
    <ActionSheet
      visible={open}
      extra={game.name}
      actions={actions}
      cancelText={t('common.cancel')}
      closeOnAction
      onClose={() => onOpenChange(false)}
      popupStyle={style}
      data-testid="game-menu"
    />
  );
}
