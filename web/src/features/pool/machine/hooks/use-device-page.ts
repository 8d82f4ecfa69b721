// The state of a page about one device (?id=): the detail and what to show instead of it.
import { useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeviceDetail } from '../api/get-device-detail';
import { parseDeviceId } from '../model/format';

/**
 * DevicePageState: noId (the address names no device), loading, refused (the server said
 * no: no such device, or a coin without machineDetailFlag, with its message), failed (a
 * transport failure: retry), ready.
 */
export type DevicePageState = 'noId' | 'loading' | 'refused' | 'failed' | 'ready';

export function useDevicePage() {
  const [params] = useSearchParams();
  const id = parseDeviceId(params.get('id'));
  const query = useDeviceDetail(id);
  const err = query.error;
  let state: DevicePageState;
  if (id === 0) state = 'noId';
  else if (query.data) state = 'ready';
  else if (err instanceof ApiError && err.kind === 'code') state = 'refused';
  else if (query.isError) state = 'failed';
  else state = 'loading';
  return {
    id,
    state,
    device: query.data,
    /** message is the server's translated refusal (or the transport message). */
    message: err ? errorMessage(err) : '',
    refetch: () => void query.refetch(),
    refreshing: query.isFetching,
    updatedAt: query.dataUpdatedAt,
  };
}
