/** Counted as the contract counts: code points of the trimmed text. */
export const textLength = (text: string) => [...text.trim()].length;
