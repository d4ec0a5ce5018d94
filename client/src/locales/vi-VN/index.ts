import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import pages from './pages.json';

/** Vietnamese (vi-VN), loaded on demand. */
const vi = { ...common, ...auth, ...account, ...pages };
export default vi;
