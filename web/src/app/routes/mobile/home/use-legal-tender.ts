// Moved to features/dashboard/hooks/use-legal-tender.ts; this re-export stays only until
// currency-detail.tsx and currency-list.tsx (being edited elsewhere) import it from there.
export { useLegalTender } from '@/features/dashboard/hooks/use-legal-tender';
