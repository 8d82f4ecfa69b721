import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { deviceRedirect } from '@/lib/device';
import { LanguageSync } from './guards/language-sync';
import { MaintenanceWatch } from './guards/maintenance-watch';
import { NavigatorBridge } from './guards/navigator-bridge';
import { VersionWatch } from './guards/version-watch';

/**
 * Root wraps every route: it sends phones to /mobile and desktops out of it,
 * watches maintenance and the app version, and commits the language.
 */
export function Root() {
  const location = useLocation();
  const target = deviceRedirect(location.pathname, location.search, navigator.userAgent);
  return (
    <>
      <NavigatorBridge />
      <LanguageSync />
      <VersionWatch />
      {target ? (
        <Navigate to={target} replace />
      ) : (
        <>
          <MaintenanceWatch />
          <Outlet />
        </>
      )}
    </>
  );
}
