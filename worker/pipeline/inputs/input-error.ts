/** An image or spreadsheet the input layer cannot make into pages or tables; the message is for
 * the uploader (the 400 detail), so it names the problem and never a path or an internal name. */
export class InputRefusedError extends Error {}
