import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import devtools from './devtools.json';
import inbox from './inbox.json';
import pages from './pages.json';
import responsible from './responsible.json';
import rewards from './rewards.json';
import vip from './vip.json';
import wallet from './wallet.json';

/** English (en-US): the default language and the fallback of every key. */
const en = {
  ...common,
  ...auth,
  ...account,
  ...pages,
  ...vip,
  ...rewards,
  ...inbox,
  ...wallet,
  ...responsible,
  ...devtools,
};
export default en;
