import { Navigate, useLocation } from 'react-router-dom';
import { MAINTENANCE } from '@/config/paths';
import { useSysConfig } from '@/features/sys-config/api/get-sys-config';
import { maintenanceApplies } from '@/lib/ip-literal';

/**
 * MaintenanceWatch sends every page to /maintenance while the server's
 * `maintenance` setting applies to this hostname ("on", or "hostname" on a name
 * that is not an IP literal).
 */
export function MaintenanceWatch() {
  const { pathname } = useLocation();
  const { data: mode } = useSysConfig({ keyType: 'global', sysKey: 'maintenance' });
  if (pathname !== MAINTENANCE && maintenanceApplies(mode, window.location.hostname)) {
    return <Navigate to={MAINTENANCE} replace />;
  }
  return null;
}
