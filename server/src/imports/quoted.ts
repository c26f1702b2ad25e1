/** A short quoted text for a check's name or a report line. */
export const quoted = (text: string, length = 40) => `"${text.length > length ? `${text.slice(0, length)}…` : text}"`;
