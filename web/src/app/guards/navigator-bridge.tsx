import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from '@/lib/navigation';

/** NavigatorBridge hands the router's navigate to code outside React (the API client). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);
  return null;
}
