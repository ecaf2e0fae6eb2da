/** The product name lives here alone so a rename is one edit. */
export const APP_NAME = 'Kettle';

export const pageTitle = (title?: string): string => (title ? `${title} | ${APP_NAME}` : APP_NAME);
