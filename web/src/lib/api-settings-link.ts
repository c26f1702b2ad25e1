/**
 * A link anywhere in the app opens the API Settings dialog with this query (the user menu owns the dialog):
 * `<Link to={{ search: API_SETTINGS_SEARCH }}>`.
 */
export const API_SETTINGS_PARAM = 'dialog';
export const API_SETTINGS_VALUE = 'api-settings';
export const API_SETTINGS_SEARCH = `?${API_SETTINGS_PARAM}=${API_SETTINGS_VALUE}`;
