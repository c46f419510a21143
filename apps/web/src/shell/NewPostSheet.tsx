import { Dialog, List } from 'antd-mobile';
import { EditSOutline, PlayOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../core/navigation';
import { useOverlayStyle } from '../core/overlay';
import { BottomSheet } from '../ui/BottomSheet';

/**
 * The new-post button's choices: POST (to /note) or Game, which always shows the level-21
 * notice. Closing the popup closes the notice. Loaded when the button is first tapped.
 */
export default function NewPostSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(false);
  const close = () => {
    onClose();
    setNotice(false);
  };
  const noticeStyle = useOverlayStyle(open && notice);
  return (
    <>
      <BottomSheet visible={open} onClose={close} flush>
        <div className="section" data-testid="new-post-popup">
          <h2 className="section__title">{t('newPost.title')}</h2>
          <List className="list-card">
            <List.Item
              prefix={<EditSOutline />}
              description={t('newPost.postHint')}
              onClick={() => {
                close();
                navigate('/note');
              }}
            >
              <span data-testid="new-post-post">{t('newPost.post')}</span>
            </List.Item>
            <List.Item
              prefix={<PlayOutline />}
              description={t('newPost.gameHint')}
              onClick={() => setNotice(true)}
            >
              <span data-testid="new-post-game">{t('newPost.game')}</span>
            </List.Item>
          </List>
        </div>
      </BottomSheet>
      <Dialog
        visible={open && notice}
        style={noticeStyle}
        content={t('errors.level_21_only')}
        closeOnAction
        onClose={() => setNotice(false)}
        actions={[{ key: 'cancel', text: t('common.cancel') }]}
      />
    </>
  );
}
