import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import pages from './pages.json';

/** English (en-US): the default language and the fallback of every key. */
const en = { ...common, ...auth, ...account, ...pages };
export default en;
