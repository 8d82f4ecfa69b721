// The side menu's entries of the coin editing and content pages, each shown with the
// right it needs (the API checks it again), and which of them a path belongs to. Their
// words are the pages' own texts (loaded by the label). Entries NAV lists are its own.
import { Link } from 'react-router-dom';
import { COIN_EDIT_NAV } from '@/features/ops/coin-edit/models';
import { CONTENT_NAV } from '@/features/ops/content/models';
import { can, NAV, type Me } from '@/features/ops/models';
import { CoinEditNavLabel } from './coin-edit';
import { ContentNavLabel } from './content';

// An entry the console's own menu (NAV) already lists is left out here.
const EXTRA = [
  { ...CONTENT_NAV, Label: ContentNavLabel },
  { ...COIN_EDIT_NAV, Label: CoinEditNavLabel },
].filter((e) => !NAV.some((n) => (n.key as string) === e.key));

/** extraNavItems are the menu items the operator's rights show. */
export function extraNavItems(me: Pick<Me, 'permissions'> | undefined) {
  return EXTRA.filter((e) => can(me, e.perm)).map(({ key, path, Label }) => ({
    key,
    label: (
      <Link to={path} data-testid={`ops-nav-${key}`}>
        <Label />
      </Link>
    ),
  }));
}

/** extraNavKeyOf is the entry a path belongs to (/content/faq/3 is under content), or undefined. */
export function extraNavKeyOf(pathname: string): string | undefined {
  return EXTRA.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))?.key;
}
