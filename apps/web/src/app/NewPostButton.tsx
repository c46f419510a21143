import { Dialog, List, Popup } from 'antd-mobile';
import { AddOutline, EditSOutline, PlayOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOverlayStyle } from '../ui/overlay';
import { useGuard } from './guard';
import { useNavigate } from './navigation';

/**
 * The floating new-post button (spec §2): a visitor goes to /login; a member chooses POST (to
 * /note) or Game, which always shows the level-21 notice. Closing the popup closes the notice.
 */
export function NewPostButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useGuard();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState(false);
  const close = () => {
    setOpen(false);
    setNotice(false);
  };
  const popupStyle = useOverlayStyle(open);
  const noticeStyle = useOverlayStyle(open && notice);
  return (
    <>
      <button
        type="button"
        className="fab fab--new-post"
        aria-label={t('newPost.open')}
        onClick={() => guard({ action: () => setOpen(true) })}
      >
        <AddOutline />
      </button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        style={popupStyle}
        bodyStyle={{ borderRadius: '18px 18px 0 0' }}
      >
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
      </Popup>
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
