/** Navigation for code outside React (http hooks, session actions); the router installs itself here. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export const setNavigator = (fn: Navigate): void => {
  navigateImpl = fn;
};

export const navigateTo: Navigate = (to, options) => navigateImpl(to, options);
