import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/use-format';
import { useBaseInfo } from '../api/get-base-info';
import { displayName, maskEmail, maskPhone } from '../model/mask';
import type { Channel } from '../model/types';
import { useForgetOnLeave } from './use-forget-on-leave';

/** Contact is a contact row of the basic-info page: its label and the masked value, '' when none is bound. */
export interface Contact {
  channel: Channel;
  label: string;
  value: string;
}

/**
 * useBasicsInfo is what both basic-info pages show: the user, the name, the registration
 * time written by lib/format, the phone and email rows (masked), and what a cancelled
 * account does on leaving.
 */
export function useBasicsInfo() {
  const { t } = useTranslation();
  const format = useFormat();
  const info = useBaseInfo();
  const forgetOnLeave = useForgetOnLeave();
  const user = info.data;
  const contacts: Contact[] = [
    { channel: 'phone', label: t('info.phone'), value: user?.phone ? maskPhone(user.phone) : '' },
    { channel: 'email', label: t('info.email'), value: user?.email ? maskEmail(user.email) : '' },
  ];
  return {
    t,
    user,
    failed: info.isError && !user,
    retry: () => void info.refetch(),
    name: displayName(user),
    registered: format.dateTime(user?.registDate),
    contacts,
    forgetOnLeave,
  };
}
