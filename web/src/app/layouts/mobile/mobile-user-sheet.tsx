import { ActionSheet, Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { logOut } from '@/features/auth/api/log-out';

/** MobileUserSheet is the avatar's sheet: basic info, change password, and log out (confirmed). */
export default function MobileUserSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const confirmLogout = () => {
    onClose();
    void Dialog.confirm({
      title: t('dialog.logoutTitle'),
      content: t('dialog.logoutBody'),
      confirmText: t('dialog.confirm'),
      cancelText: t('dialog.cancel'),
      onConfirm: async () => {
        // Leave first, so that a page behind the login gate does not see the token go.
        navigate(mobilePaths.login, { replace: true });
        await logOut();
        Toast.show({ content: t('messages.logoutSuccess') });
      },
    });
  };

  return (
    <ActionSheet
      visible={open}
      onClose={onClose}
      cancelText={t('dialog.cancel')}
      actions={[
        { key: 'basicInfo', text: t('nav.basicInfo'), onClick: () => navigate(mobilePaths.basicsInfo) },
        // The change-password dialog lives on the basic-info page.
        {
          key: 'changePassword',
          text: t('nav.changePassword'),
          onClick: () => navigate(`${mobilePaths.basicsInfo}?dialog=password`),
        },
        { key: 'logout', text: t('nav.logout'), danger: true, onClick: confirmLogout },
      ]}
      onAction={onClose}
    />
  );
}
