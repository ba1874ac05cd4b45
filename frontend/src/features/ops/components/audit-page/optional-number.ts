/** A number typed in a filter box, or undefined when the box is empty. */
export const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
