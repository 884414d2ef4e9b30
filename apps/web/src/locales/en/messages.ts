import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import games from './games.json';
import home from './home.json';
import house from './house.json';
import pages from './pages.json';
import support from './support.json';
import wallet from './wallet.json';

/** Every message of one language, one chunk of the build: a visitor downloads only their language's. */
export default { common, errors, home, games, auth, pages, wallet, house, support };
