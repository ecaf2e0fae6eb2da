/** The first `max` characters, with an ellipsis when something was cut. */
export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
