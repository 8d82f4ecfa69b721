import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { mobilePaths, paths } from '@/config/paths';
import { readAuthCarry } from '../model/forms';

/**
 * useAuthPage is what the login and register pages of both sizes start from: the texts, the
 * way home after a login or registration, and what the other auth page handed over.
 */
export function useAuthPage(size: 'desktop' | 'mobile') {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const home = size === 'desktop' ? paths.home : mobilePaths.home;
  return { t, goHome: () => navigate(home, { replace: true }), carry: readAuthCarry(location.state) };
}
