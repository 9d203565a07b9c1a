/** Input that is not a valid position, move, game or number: the CLI exits 2. */
export class BadInput extends Error {
  override readonly name = 'BadInput';
}

/** A well-formed move that the rules forbid in this position: the CLI exits 1. */
export class IllegalMove extends Error {
  override readonly name = 'IllegalMove';
}
