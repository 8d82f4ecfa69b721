// The observer pages' own query cache, one for the desktop and phone areas and the phone's
// message pages: an owner logged in on the same browser never sees a link's reads under
// their own pages, or the other way round.
import { createQueryClient } from '../providers';

export const observerQueries = createQueryClient();
