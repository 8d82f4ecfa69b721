export { AutoRefresh, type AutoRefreshProps } from './auto-refresh';
export { DEFAULT_REFRESH_SECONDS, useAutoRefresh, type AutoRefreshOptions } from './use-auto-refresh';
