/**
 * The row of a statement that always yields one: an INSERT ... RETURNING without ON CONFLICT, an aggregate SELECT, a
 * SELECT of a row the same transaction has just made sure exists. None means a broken invariant, so it throws (a 500)
 * rather than let `undefined` travel on; a row the user may simply not have is `allowedRow`'s 404 (see access/policy.ts) instead.
 */
export function returnedRow<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row.');
  return row;
}
