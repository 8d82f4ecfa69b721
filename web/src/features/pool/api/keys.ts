// Query keys of pool mode. Everything under poolKeys.all belongs to the logged-in
// user; logging out clears the cache as a whole.

export const poolKeys = {
  all: ['pool'] as const,
  chainTypes: () => [...poolKeys.all, 'chain-types'] as const,
  subAccounts: () => [...poolKeys.all, 'sub-accounts'] as const,
  subAccount: (code: string) => [...poolKeys.subAccounts(), code] as const,
  devices: () => [...poolKeys.all, 'devices'] as const,
  history: () => [...poolKeys.all, 'history'] as const,
  overclock: () => [...poolKeys.all, 'overclock'] as const,
};
